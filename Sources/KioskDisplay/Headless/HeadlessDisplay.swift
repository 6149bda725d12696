import KioskEngine

/// A display with no screen: it keeps the last presented frame for a caller to inspect or save.
///
/// With a virtual clock, the caller ticks `virtualClock` itself (`simulate`, `demo`, tests); with a
/// real-time clock a timerfd ticks at the refresh rate while display links want ticks.
public final class HeadlessDisplay: Display {
    public let size: (width: Int, height: Int)
    public let refreshRate: Double
    public let frameClock: any FrameClock
    /// The caller-driven clock when the display was made with `virtualClock: true`.
    public let virtualClock: ManualFrameClock?
    /// What the screen would show. With `copiesFrames`, a copy of its own updated by each present's
    /// damage, as a scanout buffer is (tests see a frame whose damage missed something); without,
    /// the frame last presented itself, so the daemon on this backend keeps no second frame.
    public private(set) var lastFrame: PixelBuffer
    /// True when `lastFrame` is a copy updated by damage.
    public let copiesFrames: Bool
    /// Presents that changed something.
    public private(set) var presentedFrameCount = 0
    /// The damage of the last frame presented, as the compositor gave it.
    public private(set) var lastDamage: [PixelRect] = []
    /// True while power saving was asked for.
    public private(set) var isBlanked = false

    private let realTimeClock: VsyncFrameClock?
    private var pacer: VsyncPacer
    private let timer: TimerDescriptor?

    /// A `width` x `height` surface refreshing at `refreshRate`; `virtualClock` picks who ticks it.
    public init(width: Int, height: Int, refreshRate: Double = 60, virtualClock: Bool, copiesFrames: Bool = false) throws {
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            throw DisplayError.invalidOption("headless size \(width)x\(height) must be between 1x1 and 16384x16384")
        }
        guard refreshRate > 0, refreshRate <= 1000 else {
            throw DisplayError.invalidOption("headless refresh rate \(refreshRate) must be between 0 and 1000 Hz")
        }
        size = (width, height)
        self.refreshRate = refreshRate
        // Black until the first present; a large buffer is a fresh mapping, so no memory until written.
        lastFrame = PixelBuffer(width: width, height: height)
        self.copiesFrames = copiesFrames
        pacer = VsyncPacer(refreshInterval: 1 / refreshRate, source: .timer)
        if virtualClock {
            let manual = ManualFrameClock(refreshInterval: 1 / refreshRate)
            self.virtualClock = manual
            frameClock = manual
            realTimeClock = nil
            timer = nil
        } else {
            self.virtualClock = nil
            let vsync = VsyncFrameClock(refreshInterval: 1 / refreshRate)
            realTimeClock = vsync
            frameClock = vsync
            timer = try TimerDescriptor(device: "headless display")
            realTimeClock?.onLinkAdded = { [weak self] in self?.scheduleFrame() }
        }
    }

    public var pollDescriptors: [Int32] { timer.map { [$0.fileDescriptor] } ?? [] }

    public func handleReadable(_ descriptor: Int32) throws {
        guard let timer, let realTimeClock, descriptor == timer.fileDescriptor, timer.acknowledge() else { return }
        if let tick = pacer.timerFired(now: MonotonicClock.now()) { realTimeClock.deliver(tick) }
        scheduleFrame()
    }

    public func scheduleFrame() {
        guard let timer, let realTimeClock else { return }
        timer.arm(at: pacer.nextTimerDeadline(now: MonotonicClock.now(), wantsTicks: realTimeClock.wantsTicks))
    }

    public func present(_ frame: PixelBuffer, damage: [PixelRect]) throws {
        try DisplayError.requireSize(of: frame, width: size.width, height: size.height)
        guard !damage.isEmpty else { return }
        if copiesFrames {
            DamageCopy.copy(damage, from: frame, to: UnsafeMutableRawPointer(lastFrame.pixels), targetPitch: lastFrame.stride,
                            targetWidth: size.width, targetHeight: size.height)
            lastFrame.sequence = frame.sequence
        } else {
            lastFrame = frame
        }
        lastDamage = damage
        presentedFrameCount += 1
    }

    public func compositionTook(_ seconds: Double) {
        pacer.compositionTook(seconds)
    }

    public func setPowerSaving(_ enabled: Bool) throws {
        isBlanked = enabled
    }

    public func close() {
        timer?.arm(at: nil)
    }
}
