/// The source of vsync ticks: a DRM page-flip clock on a panel, a timer, or a virtual clock in tests.
///
/// Animations never read the wall clock; they advance only when the clock ticks, which is what
/// makes the engine deterministic under a virtual clock.
public protocol FrameClock: AnyObject {
    /// The nominal refresh period in seconds.
    var refreshInterval: Double { get }
    /// Adds a handler called on every tick until the returned link is invalidated.
    func addDisplayLink(_ handler: @escaping (FrameTick) -> Void) -> DisplayLink
    /// True while at least one display link wants ticks; a clock may stop ticking otherwise.
    var wantsTicks: Bool { get }
}

/// A handle on a frame-clock subscription, the role of CADisplayLink.
public final class DisplayLink {
    fileprivate let handler: (FrameTick) -> Void
    public private(set) var isValid = true
    /// A paused link stays registered but receives no ticks.
    public var isPaused = false

    init(handler: @escaping (FrameTick) -> Void) {
        self.handler = handler
    }

    /// Stops the ticks for good; safe to call from inside the handler.
    public func invalidate() {
        isValid = false
    }

    func fire(_ tick: FrameTick) {
        guard isValid, !isPaused else { return }
        handler(tick)
    }
}

/// The shared bookkeeping of every frame clock: the links and how a tick reaches them.
/// Concrete clocks (virtual, timer, DRM page flip) decide only *when* to call `deliver`.
public final class DisplayLinkRegistry {
    private var links: [DisplayLink] = []

    public init() {}

    public func add(_ handler: @escaping (FrameTick) -> Void) -> DisplayLink {
        let link = DisplayLink(handler: handler)
        links.append(link)
        return link
    }

    public var hasActiveLinks: Bool {
        links.contains { $0.isValid && !$0.isPaused }
    }

    /// Calls every valid, unpaused link once; links added during delivery wait for the next tick.
    public func deliver(_ tick: FrameTick) {
        links.removeAll { !$0.isValid }
        for link in links { link.fire(tick) }
        links.removeAll { !$0.isValid }
    }
}

/// A clock that ticks only when told to: the virtual vsync of tests, `simulate` and the headless display.
///
/// Vsyncs sit on a fixed grid (`start + n x refreshInterval`), however input moves `now` between them.
public final class ManualFrameClock: FrameClock {
    public let refreshInterval: Double
    public let start: Double
    public private(set) var now: Double
    public private(set) var sequence: UInt64 = 0
    private let registry = DisplayLinkRegistry()

    public init(refreshInterval: Double = 1.0 / 60.0, start: Double = 0) {
        self.refreshInterval = refreshInterval
        self.start = start
        self.now = start
    }

    public func addDisplayLink(_ handler: @escaping (FrameTick) -> Void) -> DisplayLink {
        registry.add(handler)
    }

    public var wantsTicks: Bool { registry.hasActiveLinks }

    /// The time of the next vsync after `now`.
    public var nextVsync: Double { start + Double(nextSequence) * refreshInterval }

    /// Moves time to `time` without a vsync: input arriving between frames, or idle time in
    /// which nothing asked for ticks.
    public func advance(to time: Double) {
        now = max(now, time)
    }

    /// Moves to the next vsync on the grid and delivers the tick. After idle time the sequence
    /// jumps, as a display's vsync counter does.
    @discardableResult
    public func tick() -> FrameTick {
        sequence = nextSequence
        now = start + Double(sequence) * refreshInterval
        let tick = FrameTick(timestamp: now, sequence: sequence, duration: refreshInterval)
        registry.deliver(tick)
        return tick
    }

    private var nextSequence: UInt64 {
        let elapsed = ((now - start) / refreshInterval).rounded(.down)
        // Clamped before the conversion, which would trap on a time past 2^64 vsyncs (a hostile recording's).
        let vsyncs = elapsed.isNaN ? 0 : min(max(elapsed, 0), Self.maximumSequence)
        return max(sequence + 1, UInt64(vsyncs) + 1)
    }

    /// Past this many vsyncs (2^52, over 2 million years at 60 Hz) a sequence stops counting.
    private static let maximumSequence = 4_503_599_627_370_496.0
}
