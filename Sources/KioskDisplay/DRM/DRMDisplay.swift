import Glibc
import KioskEngine
import KioskOptions

/// A DRM/KMS panel: dumb buffers in rotation, a mode set once, then page flips paced by vsync.
///
/// The work is split by what it does: the kernel calls go through one `DRMKernelInterface`
/// (atomic commits where the driver offers them, else the legacy calls, or with
/// `SWIPE_KIOSK_DRM=legacy`), chosen once per output; `DRMConnectorWatcher` watches hot-plug and
/// says which connector to light; each plane's buffers move pending -> queued -> current in a
/// `PlaneBufferState`; the camera's planes are planned in `DRMDisplay+Planes.swift`; frames go out
/// in `DRMDisplay+Frames.swift`, and the output is lit, re-lit and darkened in `DRMDisplay+Output.swift`.
///
/// Connectors come and go (hot-plug uevents): an unplugged one stops being drawn (no flips, no
/// ticks) while the daemon runs on, and whichever is connected again is lit at once in its
/// preferred (or the configured) mode. With `waitForOutput` it opens with nothing connected at all.
/// Frames keep the size the display opened with; a mode of another size shows them centred.
///
/// Only damaged rectangles are copied into the back buffer (plus what that buffer missed while
/// others were shown), and nothing flips while nothing changes. Presenting never waits: a frame
/// that is ready while a flip is still pending waits in a one-slot queue (the newest wins) and
/// goes out when the flip's event arrives, so a slow flip (a busy driver, a monitor re-training its
/// link) never holds up touches, D-Bus or the watchdog. Drivers without vblank are paced by a timer.
public final class DRMDisplay: LayerPlanning {
    public var size: (width: Int, height: Int) { (frameWidth, frameHeight) }
    public var refreshRate: Double { output?.mode.refreshRate ?? waitingRefreshRate }
    public var frameClock: any FrameClock { clock }
    /// Where ticks come from now; becomes `.timer` once flips turn out not to wait for vblank.
    public var pacingSource: PacingSource { pacer.source }
    /// The connector in use, as the kernel names it; nil until one is connected.
    public var connectorName: String? { output?.connector.name }
    public var cardPath: String { device.path }
    public var isOutputConnected: Bool { output != nil && scanout != .disconnected }
    public var onOutputConnectionChanged: ((Bool) -> Void)?
    public var onRedrawNeeded: (() -> Void)?

    let device: DRMDevice
    /// The card's descriptor and master, shared with the displays of its other outputs.
    let card: DRMCard
    /// The connector, mode and CRTC in use; nil until a connector is first connected.
    var output: DRMOutput?
    let watcher: DRMConnectorWatcher
    /// The size of every presented frame, fixed for the display's life.
    let frameWidth: Int
    let frameHeight: Int
    /// The rate reported before any connector was connected.
    let waitingRefreshRate: Double
    let bufferCount: Int
    var hasShown = false
    /// Legacy until an output is adopted; chosen again for each output (a new connector or CRTC).
    var kernel: any DRMKernelInterface
    let preferAtomic: Bool
    /// Presents with damage so far, and how many of them the pending flip's frame covers.
    var presentCount = 0
    var pendingPresents = 0
    var frameShownHandler: ((FrameShown) -> Void)?
    /// A power change asked for while a flip was pending; made when its event arrives.
    var deferredPowerSaving: Bool?
    let clock: VsyncFrameClock
    var pacer: VsyncPacer
    var tracker: DamageTracker
    var buffers: [DRMDumbBuffer] = []
    /// The primary plane's composed buffers, as indices into `buffers`. Every commit goes through
    /// all three plane states at once, so `primary.isFlipPending` says a commit is in flight.
    var primary = PlaneBufferState<Int>(current: 0)
    /// The camera's plane path: the UI's buffers (indices into `planeBuffers.ui`) and the feed's.
    var uiPlane = PlaneBufferState<Int>()
    var feedPlane = PlaneBufferState<FeedScanout>()
    /// A frame presented while a commit was in flight, with every rectangle damaged since the
    /// last flip: it goes out when the commit's event arrives.
    var waitingFrame: PresentedFrame?
    /// `[display] planes`; the camera's plane path is set up per adopted output where it is `auto`
    /// and the driver is atomic.
    let planesSetting: DisplayPlanes
    var planner: PlanePlanner?
    var planeScanout: PlaneScanout?
    /// Made the first time a frame goes on planes.
    var planeBuffers: PlaneFrameBuffers?
    /// Counts the plane set-ups and the plane path's ends: a plan made before one is stale.
    var planGeneration = 0
    /// The camera's capture buffers imported as framebuffers, and the stream `plan` last saw.
    var imports = CaptureImports()
    var captureStream: UInt64?
    var lastFrame: PixelBuffer?
    /// The frame `present` was last given (on planes, the UI alone): a feed frame alone shows it again.
    var lastPresented: PixelBuffer?
    var scanout: ScanoutState
    var isBlanked = false
    var isClosed = false
    var announcedTimerPacing = false
    var savedCrtc: DRMSavedCrtc?
    let frameTimer: TimerDescriptor
    /// Fires when a flip's event is overdue, so a lost event cannot stop the display for good.
    let flipTimer: TimerDescriptor
    /// Flip events the card's reader read for this display, and an already-due timer that wakes
    /// the loop for them (so this display's own pacer draws after its tick).
    var inbox: [DRMFlipEvent] = []
    let inboxTimer: TimerDescriptor
    /// Scan-out screenshots read back through a writeback connector.
    let scanoutCapture: ScanoutCapture
    let console: ConsoleGraphicsMode?
    let now: () -> Double
    let log: (String) -> Void

    /// Seconds after which a flip whose event has not come is taken as done.
    static let flipTimeout = 1.0

    enum ScanoutState: Equatable {
        case active
        /// Another process is DRM master; retried with back-off.
        case waitingForMaster(attempt: Int)
        /// Unplugged, or nothing connected yet: nothing is drawn and the clock does not tick.
        case disconnected
    }

    /// A frame presented, as it waits for the commit in flight.
    struct PresentedFrame {
        var frame: PixelBuffer
        var damage: [PixelRect]
        var plan: DisplayPlan
    }

    /// Opens `options.cardPath`, or the first `/dev/dri/card*` with a connected connector, switches
    /// the console to graphics mode and lights the panel with a black frame. With
    /// `options.waitForOutput` and nothing connected, opens the first card with connectors and
    /// waits, composing frames of the headless size.
    public convenience init(options: DisplayOptions, log: @escaping (String) -> Void) throws {
        let (device, output) = try Self.findOutput(options)
        let console = ConsoleGraphicsMode.enterIfPossible(log: log)
        let hotplug: HotplugMonitor?
        do { hotplug = try HotplugMonitor() } catch {
            log("no hot-plug events (\(error)); re-probing every \(DRMConnectorWatcher.reprobeInterval) s while unplugged")
            hotplug = nil
        }
        let preferAtomic = getenv(DRMKernelInterfaces.environmentVariable).map { String(cString: $0) } != "legacy"
        let waiting = WaitingFrame(width: options.headlessWidth, height: options.headlessHeight,
                                   refreshRate: options.mode?.refreshRate ?? options.headlessRefreshRate)
        try self.init(device: device, output: output, bufferCount: options.bufferCount,
                      hotplug: hotplug, console: console, preferAtomic: preferAtomic, planes: options.planes,
                      now: MonotonicClock.now, log: log, connectorName: options.connectorName, modeRequest: options.mode, waiting: waiting)
    }

    /// The configured card, or the first card whose connectors offer what the options ask for;
    /// with `waitForOutput`, else the first card with a connector to wait on (and no output yet).
    private static func findOutput(_ options: DisplayOptions) throws -> (LibDRMDevice, DRMOutput?) {
        let candidates = options.cardPath.map { [$0] } ?? DeviceNodes.drmCards()
        guard !candidates.isEmpty else {
            throw DisplayError.deviceUnavailable(path: "/dev/dri", reason: "no DRM cards (no KMS driver loaded?)")
        }
        var failures: [String] = []
        var cardToWaitOn: LibDRMDevice?
        for path in candidates {
            do {
                let device = try LibDRMDevice(path: path)
                do {
                    return (device, try DRMOutput.choose(on: device, connectorName: options.connectorName, modeRequest: options.mode))
                } catch DisplayError.noConnectedConnector(_, let available) where options.waitForOutput && !available.isEmpty {
                    cardToWaitOn = cardToWaitOn ?? device
                    throw DisplayError.noConnectedConnector(card: path, available: available)
                }
            } catch {
                failures.append("\(error)")
            }
        }
        if let cardToWaitOn { return (cardToWaitOn, nil) }
        throw DisplayError.deviceUnavailable(path: candidates.joined(separator: ", "), reason: failures.joined(separator: "; "))
    }

    /// Opens another output on the card `first` drives (`[[display.output]]` after the first): the
    /// connector named `connectorName` (`"*"`: any connected one no other output shows) with a CRTC
    /// of its own, paced by its own flips. With nothing to show yet it waits like `waitForOutput`,
    /// composing frames of `waitingSize` at `waitingRefreshRate`.
    public convenience init(beside first: DRMDisplay, connectorName: String, mode: ModeRequest?,
                            waitingSize: (width: Int, height: Int), waitingRefreshRate: Double,
                            log: @escaping (String) -> Void) throws {
        let card = first.card
        let output: DRMOutput?
        do {
            output = try DRMOutput.choose(on: card.device, connectorName: connectorName, modeRequest: mode,
                                          claims: card.claims(besides: nil))
        } catch DisplayError.noConnectedConnector {
            output = nil
        }
        let hotplug = try? HotplugMonitor()
        try self.init(device: card.device, output: output, bufferCount: first.bufferCount, hotplug: hotplug, console: nil,
                      preferAtomic: first.preferAtomic, now: first.now, log: log, connectorName: connectorName, modeRequest: mode,
                      waiting: WaitingFrame(width: waitingSize.width, height: waitingSize.height,
                                            refreshRate: mode?.refreshRate ?? waitingRefreshRate),
                      card: card)
    }

    /// The frames of a display opened with no connector connected: the size the screens are laid out at.
    struct WaitingFrame {
        var width: Int
        var height: Int
        var refreshRate: Double
    }

    /// A display on `output`, or with `output` nil one waiting for a connector (frames of `waiting`'s size).
    init(
        device: DRMDevice, output: DRMOutput?, bufferCount: Int,
        hotplug: HotplugMonitor?, console: ConsoleGraphicsMode?, preferAtomic: Bool = true, planes: DisplayPlanes = .off,
        now: @escaping () -> Double, log: @escaping (String) -> Void,
        connectorName: String? = nil, modeRequest: ModeRequest? = nil, waiting: WaitingFrame? = nil,
        card: DRMCard? = nil
    ) throws {
        guard bufferCount == 2 || bufferCount == 3 else {
            throw DisplayError.invalidOption("buffer count must be 2 or 3, not \(bufferCount)")
        }
        guard let frame = output.map({ WaitingFrame(width: $0.mode.width, height: $0.mode.height, refreshRate: $0.mode.refreshRate) })
                ?? waiting, frame.width > 0, frame.height > 0, frame.refreshRate > 0 else {
            throw DisplayError.invalidOption("a DRM display with no connected connector needs a frame size")
        }
        self.device = device
        self.card = card ?? DRMCard(device: device)
        self.console = console
        self.now = now
        self.log = log
        self.bufferCount = bufferCount
        self.preferAtomic = preferAtomic
        kernel = LegacyKernelInterface(device: device)
        planesSetting = planes
        frameWidth = frame.width
        frameHeight = frame.height
        waitingRefreshRate = frame.refreshRate
        scanout = output == nil ? .disconnected : .active
        let interval = 1 / frame.refreshRate
        clock = VsyncFrameClock(refreshInterval: interval)
        pacer = VsyncPacer(refreshInterval: interval)
        tracker = DamageTracker(bufferCount: bufferCount, width: frame.width, height: frame.height)
        watcher = try DRMConnectorWatcher(connectorRequest: connectorName, modeRequest: modeRequest, hotplug: hotplug, device: device.path)
        frameTimer = try TimerDescriptor(device: device.path)
        flipTimer = try TimerDescriptor(device: device.path)
        inboxTimer = try TimerDescriptor(device: device.path)
        scanoutCapture = try ScanoutCapture(device: device.path)
        clock.onLinkAdded = { [weak self] in self?.scheduleFrame() }
        self.card.join(self)
        if let output {
            do { try adopt(output) } catch {
                self.card.leave(self)
                console?.restore()
                throw error
            }
            log("\(device.path): \(output.connector.name) at \(output.mode), \(bufferCount) buffers")
        } else {
            log("\(device.path): no display connected; running on, frames of \(frame.width)x\(frame.height) "
                + "go to the first panel plugged in" + (connectorName.map { " at \($0)" } ?? ""))
        }
        lightUp(firstAttempt: true)
    }

    deinit { close() }

    public var pollDescriptors: [Int32] {
        // The card's descriptor is watched once, by its first display, which hands out the events.
        // Appended one by one: Swift 6.0 gives up type-checking one long `+` chain of these.
        let isReader = card.reader === self
        var descriptors: [Int32] = isReader ? [device.fileDescriptor] : []
        descriptors += [frameTimer.fileDescriptor, watcher.retryDescriptor, flipTimer.fileDescriptor]
        descriptors.append(scanoutCapture.timer.fileDescriptor)
        if let fence = scanoutCapture.fence { descriptors.append(fence) }
        if let hotplug = watcher.hotplugDescriptor { descriptors.append(hotplug) }
        if !isReader { descriptors.append(inboxTimer.fileDescriptor) }
        return descriptors
    }

    /// The output in use, for the card to keep other displays off its connector and CRTC.
    var currentOutput: DRMOutput? { isClosed ? nil : output }

    /// Flip events of this display's CRTC, read by the card's reader: completed now by the reader
    /// itself, else when the loop wakes this display for them.
    func receiveFlipEvents(_ events: [DRMFlipEvent]) throws {
        guard card.reader !== self else { return try completeFlips(events, deliverTicks: true) }
        inbox += events
        inboxTimer.arm(at: 0)  // long past: readable at once
    }

    public func handleReadable(_ descriptor: Int32) throws {
        switch descriptor {
        case device.fileDescriptor:
            try card.dispatchFlipEvents()
        case frameTimer.fileDescriptor:
            if frameTimer.acknowledge(), scanout != .disconnected, let tick = pacer.timerFired(now: now()) {
                clock.deliver(tick)
            }
        case flipTimer.fileDescriptor:
            if flipTimer.acknowledge() { try flipTimedOut() }
        case inboxTimer.fileDescriptor:
            inboxTimer.acknowledge()
            let events = inbox
            inbox = []
            try completeFlips(events, deliverTicks: true)
        case scanoutCapture.timer.fileDescriptor:
            scanoutCapture.timedOut(device: device.path)
            try sendNextCommit()
        case scanoutCapture.fence:
            scanoutCapture.finish()
            try sendNextCommit()
        default:
            if watcher.handleReadable(descriptor) == true { reprobe() }
        }
        scheduleFrame()
    }

    /// When the frame timer will next tick the clock; nil while a flip event is due or nothing wants ticks.
    var nextTimerTick: Double? { frameTimer.deadline }

    public func scheduleFrame() {
        guard !isClosed else { return }
        // Nothing is shown: nothing ticks, so nothing is composed and the loop sleeps.
        guard scanout != .disconnected else {
            frameTimer.arm(at: nil)
            return
        }
        frameTimer.arm(at: pacer.nextTimerDeadline(now: now(), wantsTicks: clock.wantsTicks))
    }

    public func observeFramesShown(_ handler: @escaping (FrameShown) -> Void) -> Bool {
        frameShownHandler = handler
        return true
    }

    public func compositionTook(_ seconds: Double) {
        pacer.compositionTook(seconds)
    }

    public func close() {
        guard !isClosed else { return }
        isClosed = true
        waitingFrame = nil
        // The buffers are freed next: a flip still queued must reach the screen first.
        if primary.isFlipPending, let output { card.waitForFlip(onCrtc: output.crtcID) }
        card.leave(self)
        if let savedCrtc, let output { device.restoreCrtc(savedCrtc, connectorID: output.connector.id) }
        kernel.release()
        buffers.forEach(device.destroyDumbBuffer)
        buffers = []
        planeBuffers?.destroy(on: device)
        planeBuffers = nil
        scanoutCapture.destroy(on: device)
        imports.removeAll(on: device)
        feedPlane.reset(showing: nil)
        uiPlane.reset(showing: nil)
        frameTimer.arm(at: nil)
        watcher.stopRetrying()
        flipTimer.arm(at: nil)
        inboxTimer.arm(at: nil)
        console?.restore()
    }
}
