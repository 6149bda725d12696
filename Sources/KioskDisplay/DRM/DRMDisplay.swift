import Glibc
import KioskEngine
import KioskOptions

/// A DRM/KMS panel: dumb buffers in rotation, a mode set once, then page flips paced by vsync.
///
/// Where the driver offers atomic modesetting, the mode set, every frame and the panel going dark
/// are atomic commits (a frame is one non-blocking commit asking for a flip event); otherwise, or
/// with `SWIPE_KIOSK_DRM=legacy`, the legacy calls do the same.
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
///
/// With `[display] planes = "auto"` on an atomic driver, a camera screen with only overlays on it
/// is scanned out from two planes (`planeScene`): the feed from the camera's own capture buffer
/// where a plane takes its format (zero-copy: imported from its DMABUF once, held until the flip
/// that replaces it completes), else each new feed frame copied into a buffer of its own; the UI,
/// drawn without the feed, goes into ARGB buffers on a plane above, and a frame where only the feed
/// changed commits the feed's buffer alone. `PlaneScanout` checks every layout with a TEST_ONLY
/// commit and changes planes inside the frame's own commit.
public final class DRMDisplay: Display {
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

    private let device: DRMDevice
    /// The card's descriptor and master, shared with the displays of its other outputs.
    private let card: DRMCard
    /// The connector, mode and CRTC in use; nil until a connector is first connected.
    private var output: DRMOutput?
    /// What `[display]` asks for, to choose again when a connector is plugged in.
    private let connectorRequest: String?
    private let modeRequest: ModeRequest?
    /// The size of every presented frame, fixed for the display's life.
    private let frameWidth: Int
    private let frameHeight: Int
    /// The rate reported before any connector was connected.
    private let waitingRefreshRate: Double
    private let bufferCount: Int
    private var hasShown = false
    /// Legacy until an output is adopted; chosen again for each output (a new connector or CRTC).
    private var interface: DRMInterface = .legacy
    private let preferAtomic: Bool
    /// Presents with damage so far, and how many of them the pending flip's frame covers.
    private var presentCount = 0
    private var pendingPresents = 0
    private var frameShownHandler: ((FrameShown) -> Void)?
    /// A power change asked for while a flip was pending; made when its event arrives.
    private var deferredPowerSaving: Bool?
    private let clock: VsyncFrameClock
    private var pacer: VsyncPacer
    private var tracker: DamageTracker
    private var buffers: [DRMDumbBuffer] = []
    private var frontBuffer = 0
    private var pendingBuffer: Int?
    /// A frame presented while a flip was pending, with every rectangle damaged since the last flip,
    /// the path chosen for it and the feed frame it shows on a plane.
    private var queued: (frame: PixelBuffer, damage: [PixelRect], path: PlaneScanout.Path?, feed: PixelBuffer?,
                         capture: (any CaptureBuffer)?)?
    /// `[display] planes`; the camera's plane path is set up per adopted output where it is `auto`
    /// and the driver is atomic.
    private let planesSetting: DisplayPlanes
    private var planner: PlanePlanner?
    private var planeScanout: PlaneScanout?
    /// Made the first time a frame goes on planes.
    private var planeBuffers: PlaneFrameBuffers?
    /// The path `planeScene` chose for the next frame presented, the feed frame it shows, and on
    /// the zero-copy path the capture buffer it shows it from.
    private var nextPath: PlaneScanout.Path?
    private var nextFeed: PixelBuffer?
    private var nextCapture: (any CaptureBuffer)?
    /// The UI and feed buffers the pending commit puts on screen, when it is on planes: the feed's
    /// dumb buffer, or (zero-copy, `feed` nil) the capture buffer, held until the flip after it.
    private var pendingPlanes: (ui: Int, feed: Int?, shown: FeedFrame, capture: (any CaptureBuffer)?)?
    /// The feed frame the planes show now, and the capture buffer it is scanned out from (zero-copy).
    private var feedOnScreen: FeedFrame?
    private var captureOnScreen: (any CaptureBuffer)?
    /// The camera's capture buffers imported as framebuffers, and the stream `planeScene` last saw.
    private var imports = CaptureImports()
    private var captureStream: UInt64?
    private var lastFrame: PixelBuffer?
    /// The frame `present` was last given (on planes, the UI alone), for `showFeedFrame`.
    private var lastPresented: PixelBuffer?
    private var scanout: ScanoutState
    private var isBlanked = false
    private var isClosed = false
    private var announcedTimerPacing = false
    private var savedCrtc: DRMSavedCrtc?
    private let frameTimer: TimerDescriptor
    private let retryTimer: TimerDescriptor
    /// Fires when a flip's event is overdue, so a lost event cannot stop the display for good.
    private let flipTimer: TimerDescriptor
    /// Flip events the card's reader read for this display, and an already-due timer that wakes
    /// the loop for them (so this display's own pacer draws after its tick).
    private var inbox: [DRMFlipEvent] = []
    private let inboxTimer: TimerDescriptor
    /// Scan-out screenshots read back through a writeback connector.
    let scanoutCapture: ScanoutCapture
    private let hotplug: HotplugMonitor?
    private let console: ConsoleGraphicsMode?
    private let now: () -> Double
    private let log: (String) -> Void

    /// Seconds between re-probes while nothing is connected and no uevents can be read.
    static let reprobeInterval = 2.0
    /// The same with hot-plug uevents, which normally say first; a probe can block on DDC, so it is rare.
    static let reprobeIntervalWithHotplug = 30.0
    /// Seconds after which a flip whose event has not come is taken as done.
    static let flipTimeout = 1.0

    private enum ScanoutState: Equatable {
        case active
        /// Another process is DRM master; retried with back-off.
        case waitingForMaster(attempt: Int)
        /// Unplugged, or nothing connected yet: nothing is drawn and the clock does not tick.
        case disconnected
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
            log("no hot-plug events (\(error)); re-probing every \(Self.reprobeInterval) s while unplugged")
            hotplug = nil
        }
        let preferAtomic = getenv(DRMInterface.environmentVariable).map { String(cString: $0) } != "legacy"
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
        self.hotplug = hotplug
        self.console = console
        self.now = now
        self.log = log
        self.bufferCount = bufferCount
        self.preferAtomic = preferAtomic
        planesSetting = planes
        connectorRequest = connectorName
        self.modeRequest = modeRequest
        frameWidth = frame.width
        frameHeight = frame.height
        waitingRefreshRate = frame.refreshRate
        scanout = output == nil ? .disconnected : .active
        let interval = 1 / frame.refreshRate
        clock = VsyncFrameClock(refreshInterval: interval)
        pacer = VsyncPacer(refreshInterval: interval)
        tracker = DamageTracker(bufferCount: bufferCount, width: frame.width, height: frame.height)
        frameTimer = try TimerDescriptor(device: device.path)
        retryTimer = try TimerDescriptor(device: device.path)
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
        descriptors += [frameTimer.fileDescriptor, retryTimer.fileDescriptor, flipTimer.fileDescriptor]
        descriptors.append(scanoutCapture.timer.fileDescriptor)
        if let fence = scanoutCapture.fence { descriptors.append(fence) }
        if let hotplug { descriptors.append(hotplug.fileDescriptor) }
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
        case retryTimer.fileDescriptor:
            if retryTimer.acknowledge() { reprobe() }
        case flipTimer.fileDescriptor:
            if flipTimer.acknowledge() { try flipTimedOut() }
        case inboxTimer.fileDescriptor:
            inboxTimer.acknowledge()
            let events = inbox
            inbox = []
            try completeFlips(events, deliverTicks: true)
        case hotplug?.fileDescriptor:
            if hotplug?.drainHotplugEvents() == true { reprobe() }
        case scanoutCapture.timer.fileDescriptor:
            scanoutCapture.timedOut(device: device.path)
            try sendNextCommit()
        case scanoutCapture.fence:
            scanoutCapture.finish()
            try sendNextCommit()
        default:
            break
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

    public func planeScene(_ scene: PlaneSceneState, feed: PixelBuffer?, capture: (any CaptureBuffer)?) -> FeedPlacement {
        nextPath = nil
        nextFeed = nil
        nextCapture = nil
        guard let output, let planner, var planeScanout, case .atomic = interface, !isClosed else { return .composed }
        let screen = PixelSize(width: output.mode.width, height: output.mode.height)
        // Frames laid out for another panel are shown centred: only composing does that.
        guard frameWidth == screen.width, frameHeight == screen.height else { return .composed }
        let capture = feed == nil ? nil : capture
        if capture?.id.stream != captureStream {
            captureStream = capture?.id.stream
            releaseImports()
        }
        let size = feed.map { PixelSize(width: $0.width, height: $0.height) }
        // The capture buffer as it is where a plane takes its format, else the frame converted to XRGB at the mode's size.
        var plan = planner.plan(scene: scene, feed: capture.map { PlaneFeed(format: $0.pixelFormat, size: $0.size) }
                                    ?? size.map { PlaneFeed(format: .xrgb32, size: $0) })
        // Without a capture buffer the camera log already said why its buffers are not exported.
        var notZeroCopy: String?
        var captureFramebuffer: UInt32 = 0
        if case .planes(let layouts) = plan {
            var usable: [PlaneLayout] = []
            for layout in layouts {
                switch layout.feedBuffer {
                case .captureBuffer:
                    guard let capture else { continue }
                    do {
                        captureFramebuffer = try imports.framebuffer(of: capture, format: layout.feedFormat, on: device)
                        usable.append(layout)
                    } catch {
                        notZeroCopy = "importing the camera's buffer failed: \(error.reason)"
                    }
                case .convertedDumbBuffer:
                    // The feed comes converted to XRGB at the mode's size: a copy into a dumb buffer shows it.
                    if size == screen { usable.append(layout) }
                }
            }
            if capture != nil, !layouts.contains(where: { $0.feedBuffer == .captureBuffer }) {
                notZeroCopy = DRMFormat.scanout(of: capture!.pixelFormat).map { "no plane under the UI's takes \($0), the camera's format" }
                    ?? "no DRM format scans \(capture!.pixelFormat) out as captured"
            }
            if !usable.isEmpty {
                plan = .planes(usable)
            } else if let size, size != screen {
                plan = .compose(.noPlanes("the feed's frames are \(size.width)x\(size.height), the mode \(screen.width)x\(screen.height)"))
            } else {
                plan = .compose(.noPlanes(notZeroCopy ?? "no plane of CRTC index \(output.crtcIndex) takes XR24 under a plane that takes AR24"))
            }
        }
        if case .planes = plan, planeBuffers == nil {
            do {
                planeBuffers = try PlaneFrameBuffers(on: device, uiCount: buffers.count, width: screen.width, height: screen.height)
            } catch {
                log("\(device.path): no buffers for the camera's plane (\(error)); composing it on the CPU")
                self.planner = nil
                return .composed
            }
        }
        let backFramebuffers: (feed: UInt32, ui: UInt32) = planeBuffers?.backFramebuffers ?? (0, 0)
        let path = planeScanout.choose(plan: plan, device: device, framebuffers: { layout in
            (layout.feedBuffer == .captureBuffer ? captureFramebuffer : backFramebuffers.feed, backFramebuffers.ui)
        }, notZeroCopy: notZeroCopy, log: log)
        self.planeScanout = planeScanout
        nextPath = path
        nextFeed = feed
        guard case .planes(let layout) = path else { return .composed }
        switch layout.feedBuffer {
        case .captureBuffer:
            nextCapture = capture
            return .planeFromCaptureBuffer
        case .convertedDumbBuffer:
            return .planeCopied
        }
    }

    public func showFeedFrame(_ feed: PixelBuffer, capture: any CaptureBuffer) throws -> Bool {
        guard case .planes(let layout)? = nextPath, layout.feedBuffer == .captureBuffer, capture.id.stream == captureStream,
              let ui = lastPresented, !isClosed else { return false }
        nextFeed = feed
        nextCapture = capture
        // No damage: the UI's buffer stays; the feed plane's FB_ID alone is committed (or queued behind a pending flip).
        try present(ui, damage: [])
        return true
    }

    /// Reads back what the CRTC scans out through a writeback connector (the planes as the display
    /// controller blends them, at the mode's size); false where the driver is not atomic, the card
    /// has no writeback connector for this CRTC, or nothing is shown now (unplugged, dark).
    public func captureScanout(_ completion: @escaping (Result<PixelBuffer, DisplayError>) -> Void) -> Bool {
        guard let output, case .atomic = interface, scanout == .active, !isBlanked, !isClosed,
              scanoutCapture.prepare(on: device, output: output, log: log) else { return false }
        scanoutCapture.ask(completion)
        if pendingBuffer == nil { submitCapture() }
        return true
    }

    /// Commits the capture the callers wait for, tracked like a flip that changes nothing on
    /// screen (its event only moves the grid); a frame presented meanwhile waits in the queue.
    private func submitCapture() {
        guard let output, scanoutCapture.wantsCommit else { return }
        do {
            try scanoutCapture.commit(on: device, output: output, now: now())
        } catch {
            log("\(device.path): reading the scan-out back failed: \(error)")
            return
        }
        if let planeBuffers, let shown = feedOnScreen {
            pendingPlanes = (planeBuffers.uiFront, planeBuffers.feedShown == nil ? nil : planeBuffers.feedFront, shown, captureOnScreen)
        }
        flipSubmitted(composedBuffer: frontBuffer, presents: pendingPresents)
    }

    /// What goes out once nothing is in flight (no flip pending, no writeback being written): a
    /// capture callers wait for, else the frame presented meanwhile. No commit replaces a frame
    /// being written back: vkms, for one, drops the writeback of a frame replaced before its
    /// composer ran.
    private func sendNextCommit() throws {
        guard pendingBuffer == nil, scanoutCapture.fence == nil else { return }
        if scanoutCapture.wantsCommit && !isBlanked {
            submitCapture()
        } else if let next = queued, !isBlanked {
            queued = nil
            try flip(next.frame, damage: next.damage, path: next.path, feed: next.feed, capture: next.capture)
        }
    }

    /// Removes the imported framebuffers of streams other than the camera's current one that no commit shows.
    private func releaseImports() {
        // Called at every flip: nothing to look at while only the current stream is imported.
        guard imports.holdsStreams(besides: captureStream) else { return }
        let inUse = [captureOnScreen, pendingPlanes?.capture, queued?.capture, nextCapture].compactMap { $0?.id }
        imports.release(keeping: captureStream, inUse: Set(inUse), on: device)
    }

    public func present(_ frame: PixelBuffer, damage: [PixelRect]) throws {
        try DisplayError.requireSize(of: frame, width: frameWidth, height: frameHeight)
        lastPresented = frame
        let path = nextPath, feed = nextFeed, capture = nextCapture
        var newFeed = false
        if case .planes = path, let feed {
            // A feed frame that is not on screen, nor in the pending or queued commit.
            let shown = queued?.feed.map(FeedFrame.init) ?? pendingPlanes?.shown ?? feedOnScreen
            newFeed = FeedFrame(feed) != shown
        } else {
            lastFrame = frame
        }
        guard !damage.isEmpty || newFeed else { return }
        // Counted even when not flipped (dark, unplugged): the next flip shows what it changed.
        presentCount += 1
        guard scanout == .active, !isBlanked, !isClosed else { return }
        if pendingBuffer != nil || scanoutCapture.fence != nil {
            // The flip's event (or the writeback's fence) flips this one; a frame queued before it
            // is replaced, its damage kept.
            queued = (frame, (queued?.damage ?? []) + damage, path, feed, capture)
            return
        }
        try flip(frame, damage: damage, path: path, feed: feed, capture: capture)
    }

    /// Copies `frame`'s damage into the back buffer and queues the flip to it at the next vblank;
    /// on the plane path, the UI's damage and a new feed frame into theirs.
    private func flip(_ frame: PixelBuffer, damage: [PixelRect], path: PlaneScanout.Path?, feed: PixelBuffer?,
                      capture: (any CaptureBuffer)?) throws {
        guard let output else { return }
        if case .planes = path, let feed, planeBuffers != nil, planeScanout != nil {
            return try flipPlanes(ui: frame, damage: damage, path: path!, feed: feed, capture: capture)
        }
        let back = (frontBuffer + 1) % buffers.count
        copy(frame, damage: damage, into: back)
        do {
            switch interface {
            case .legacy:
                try device.pageFlip(output.crtcID, framebufferID: buffers[back].framebufferID)
            case .atomic(let atomic, _):
                do {
                    if var planeScanout {
                        // Through the scan-out, so planes the last frame used go off in this commit.
                        var composed = PlaneScanout.Path.composed(.planesOff)
                        if case .composed? = path { composed = path! }
                        let request = planeScanout.request(for: composed, composedFramebuffer: buffers[back].framebufferID,
                                                           framebuffers: { _ in (0, 0) })
                        self.planeScanout = planeScanout
                        try device.commit(request, flags: .flip)
                    } else {
                        try device.commit(atomic.flip(framebufferID: buffers[back].framebufferID), flags: .flip)
                    }
                } catch DisplayError.systemCall(_, _, let code) where code == EINVAL || code == ERANGE || code == ENOENT {
                    log("\(device.path): an atomic flip failed (\(SystemErrorText.describe(code))); using legacy page flips")
                    interface = .legacy
                    try device.pageFlip(output.crtcID, framebufferID: buffers[back].framebufferID)
                }
            }
        } catch DisplayError.systemCall(_, _, let code) where code == EACCES || code == EPERM {
            loseMaster()
            return
        }
        flipSubmitted(composedBuffer: back)
    }

    /// The UI's damage into its back buffer, and one commit showing it over the feed: the capture
    /// buffer itself (zero-copy; one that cannot be imported ends the plane path), else the new
    /// feed frame copied into the feed's back buffer.
    private func flipPlanes(ui frame: PixelBuffer, damage: [PixelRect], path: PlaneScanout.Path, feed: PixelBuffer,
                            capture: (any CaptureBuffer)?) throws {
        guard var planeBuffers, var planeScanout, case .planes(let layout) = path else { return }
        var feedBack: Int?
        let feedFramebuffer: UInt32
        switch layout.feedBuffer {
        case .captureBuffer:
            // The camera left this frame unconverted: no dumb buffer holds its picture, so a buffer
            // that cannot be shown ends the plane path and the held frame is converted and composed.
            guard let capture else { return endPlanePath("no capture buffer came with the camera's frame") }
            do {
                feedFramebuffer = try imports.framebuffer(of: capture, format: layout.feedFormat, on: device)
            } catch {
                return endPlanePath("importing the camera's buffer (\(capture.id)) failed (\(error.reason))")
            }
        case .convertedDumbBuffer:
            let back = planeBuffers.drawFeed(feed)
            feedBack = back
            feedFramebuffer = planeBuffers.feed[back].framebufferID
        }
        let uiBack = planeBuffers.drawUI(frame, damage: damage)
        self.planeBuffers = planeBuffers
        let framebuffers = (feed: feedFramebuffer, ui: planeBuffers.ui[uiBack].framebufferID)
        let request = planeScanout.request(for: path, composedFramebuffer: buffers[frontBuffer].framebufferID,
                                           framebuffers: { _ in framebuffers })
        self.planeScanout = planeScanout
        do {
            try device.commit(request, flags: .flip)
        } catch DisplayError.systemCall(_, _, let code) where code == EACCES || code == EPERM {
            loseMaster()
            return
        } catch {
            // TEST_ONLY took the layout but the commit did not.
            return endPlanePath("the camera's plane commit failed (\(error))")
        }
        pendingPlanes = (uiBack, feedBack, FeedFrame(feed), feedBack == nil ? capture : nil)
        flipSubmitted(composedBuffer: frontBuffer)
    }

    /// A frame on the camera's plane could not be shown (`why`, for the log): the screen keeps the
    /// last frame, the feed is composed on the CPU from now on, and the next frame is composed
    /// whole, at once. No camera frame is shown from its buffer until then (`showFeedFrame`).
    private func endPlanePath(_ why: String) {
        log("\(device.path): \(why); composing it on the CPU")
        planner = nil
        nextPath = nil
        onRedrawNeeded?()
    }

    /// A commit or flip showing `composedBuffer` (on planes, the composed front one, unchanged) went out.
    private func flipSubmitted(composedBuffer: Int, presents: Int? = nil) {
        pendingBuffer = composedBuffer
        // The frame flipped is the newest presented: a queued one is always replaced by the next.
        pendingPresents = presents ?? presentCount
        let submitted = now()
        pacer.flipSubmitted(at: submitted)
        flipTimer.arm(at: submitted + Self.flipTimeout)
        scheduleFrame()
    }

    /// A flip whose event never came (a driver that dropped it) is taken as done, so the display goes on.
    func flipTimedOut() throws {
        guard pendingBuffer != nil else { return }
        log("\(device.path): no event for a page flip after \(Self.flipTimeout) s; taking it as done")
        try completeFlips([], deliverTicks: true)
    }

    public func observeFramesShown(_ handler: @escaping (FrameShown) -> Void) -> Bool {
        frameShownHandler = handler
        return true
    }

    public func compositionTook(_ seconds: Double) {
        pacer.compositionTook(seconds)
    }

    public var supportsPowerSaving: Bool {
        switch interface {
        case .legacy: output.map { $0.connector.dpmsPropertyID != nil } ?? true
        case .atomic: true
        }
    }

    public func setPowerSaving(_ enabled: Bool) throws {
        guard case .atomic(let atomic, _) = interface else { return try setLegacyPowerSaving(enabled) }
        guard pendingBuffer == nil else {
            // A commit is in flight: the change follows its event, so no call waits for it.
            deferredPowerSaving = enabled == isBlanked ? nil : enabled
            queued = enabled ? nil : queued
            return
        }
        guard enabled != isBlanked else { return }
        guard scanout != .disconnected else {
            // Nothing to darken now: the mode set that lights a panel plugged in carries ACTIVE as asked.
            isBlanked = enabled
            return
        }
        // A modeset commit (CRTC ACTIVE); blocking like the legacy DPMS call, and rare (idle timeout, touch).
        try device.commit(atomic.power(on: !enabled), flags: .allowModeset)
        isBlanked = enabled
    }

    private func setLegacyPowerSaving(_ enabled: Bool) throws {
        guard enabled != isBlanked else { return }
        guard let output, scanout != .disconnected else {
            // Nothing to darken now; a panel plugged in meanwhile is darkened as it lights up.
            isBlanked = enabled
            return
        }
        guard let property = output.connector.dpmsPropertyID else {
            log("\(output.connector.name) has no DPMS property; the panel stays lit")
            return
        }
        // DRM_MODE_DPMS_OFF is 3, DRM_MODE_DPMS_ON is 0.
        try device.setConnectorProperty(connectorID: output.connector.id, propertyID: property, value: enabled ? 3 : 0)
        isBlanked = enabled
    }

    public func close() {
        guard !isClosed else { return }
        isClosed = true
        queued = nil
        // The buffers are freed next: a flip still queued must reach the screen first.
        if pendingBuffer != nil, let output { card.waitForFlip(onCrtc: output.crtcID) }
        card.leave(self)
        if let savedCrtc, let output { device.restoreCrtc(savedCrtc, connectorID: output.connector.id) }
        if case .atomic(_, let blob) = interface, blob != 0 { device.destroyBlob(blob) }
        buffers.forEach(device.destroyDumbBuffer)
        buffers = []
        planeBuffers?.destroy(on: device)
        planeBuffers = nil
        scanoutCapture.destroy(on: device)
        imports.removeAll(on: device)
        captureOnScreen = nil
        pendingPlanes = nil
        nextCapture = nil
        frameTimer.arm(at: nil)
        retryTimer.arm(at: nil)
        flipTimer.arm(at: nil)
        inboxTimer.arm(at: nil)
        console?.restore()
    }

    // MARK: - Flips

    private func completeFlips(_ events: [DRMFlipEvent], deliverTicks: Bool) throws {
        guard let pending = pendingBuffer else { return }
        // No event (a flip timed out) means it was lost; treat the flip as done rather than stall.
        let completions = events.isEmpty ? [DRMFlipEvent(sequence: 0, timestamp: now())] : events
        pendingBuffer = nil
        frontBuffer = pending
        // The capture buffer the flip replaced goes back to the camera here (its last holder lets go).
        captureOnScreen = pendingPlanes?.capture
        feedOnScreen = pendingPlanes?.shown
        if let shown = pendingPlanes {
            pendingPlanes = nil
            planeBuffers?.uiFront = shown.ui
            if let feed = shown.feed {
                planeBuffers?.feedFront = feed
                planeBuffers?.feedShown = shown.shown
            } else {
                // Scanned out from the capture buffer: neither dumb buffer shows the frame.
                planeBuffers?.feedShown = nil
            }
        }
        releaseImports()
        flipTimer.arm(at: nil)
        frameShownHandler?(FrameShown(time: completions.last!.timestamp, presentsCovered: pendingPresents))
        for event in completions {
            if let tick = pacer.flipCompleted(eventTime: event.timestamp, eventSequence: event.sequence, canDeliver: deliverTicks) {
                clock.deliver(tick)
            }
        }
        if let power = deferredPowerSaving {
            deferredPowerSaving = nil
            try setPowerSaving(power)
        }
        try sendNextCommit()
        if pacer.source == .timer && !announcedTimerPacing {
            announcedTimerPacing = true
            log("\(device.path): page flips complete without waiting for vblank; pacing frames by a \(Int(refreshRate.rounded())) Hz timer")
        }
    }

    private func copy(_ frame: PixelBuffer, damage: [PixelRect], into index: Int) {
        guard let output else { return }
        let rects = tracker.rectanglesToCopy(into: index, damage: damage)
        let buffer = buffers[index]
        let offset = output.offset(ofFrameWidth: frameWidth, height: frameHeight)
        DamageCopy.copy(rects, from: frame, to: buffer.pixels, targetPitch: buffer.pitch,
                        targetWidth: output.mode.width, targetHeight: output.mode.height,
                        offsetX: offset.x, offsetY: offset.y)
    }

    // MARK: - Mode setting, master and hot-plug

    /// Looks at the connector again after a hot-plug event or a retry deadline, re-lighting it if it can.
    func reprobe() {
        lightUp(firstAttempt: false)
    }

    /// Seconds until the next look at the connectors while nothing is shown.
    private var reprobeDelay: Double { hotplug == nil ? Self.reprobeInterval : Self.reprobeIntervalWithHotplug }

    /// Checks that the connector in use is still connected, or finds one that is, and sets the
    /// mode with the front buffer (holding the last frame); notes why it cannot yet otherwise.
    private func lightUp(firstAttempt: Bool) {
        guard !isClosed else { return }
        let wasConnected = isOutputConnected
        defer {
            if isOutputConnected != wasConnected { onOutputConnectionChanged?(isOutputConnected) }
        }
        if let current = output, scanout != .disconnected {
            let connector: DRMConnectorInfo
            do {
                connector = try device.connector(current.connector.id)
            } catch {
                log("\(device.path): cannot read \(current.connector.name): \(error)")
                retryTimer.arm(at: now() + reprobeDelay)
                return
            }
            if connector.isConnected && !connector.modes.isEmpty {
                if scanout == .active && !firstAttempt { return }
                output?.connector = connector
                setMode(firstAttempt: firstAttempt)
                return
            }
            disconnect()
        }
        // Nothing shown: whichever connector the options allow and is connected now (a cable moved to another port, say).
        let chosen: DRMOutput
        do {
            chosen = try DRMOutput.choose(on: device, connectorName: connectorRequest, modeRequest: modeRequest,
                                          claims: card.claims(besides: self))
            try adopt(chosen)
        } catch DisplayError.noConnectedConnector {
            retryTimer.arm(at: now() + reprobeDelay)
            return
        } catch {
            log("\(device.path): cannot light a connector yet: \(error)")
            retryTimer.arm(at: now() + reprobeDelay)
            return
        }
        setMode(firstAttempt: firstAttempt)
    }

    /// Makes `chosen` the output in use: buffers of its mode's size, pacing at its rate.
    private func adopt(_ chosen: DRMOutput) throws {
        let previous = output
        if buffers.isEmpty || previous?.mode.width != chosen.mode.width || previous?.mode.height != chosen.mode.height {
            var created: [DRMDumbBuffer] = []
            do {
                for _ in 0..<bufferCount {
                    created.append(try device.createDumbBuffer(width: chosen.mode.width, height: chosen.mode.height))
                }
            } catch {
                created.forEach(device.destroyDumbBuffer)
                throw error
            }
            // Nothing scans the old ones out: their connector is gone.
            buffers.forEach(device.destroyDumbBuffer)
            buffers = created
            frontBuffer = 0
            if chosen.mode.width != frameWidth || chosen.mode.height != frameHeight {
                log("\(device.path): \(chosen.connector.name) is \(chosen.mode.width)x\(chosen.mode.height) but the screens are laid out "
                    + "for \(frameWidth)x\(frameHeight): shown centred; set [display] mode to the panel's and restart to fill it")
            }
        }
        if pacer.refreshInterval != 1 / chosen.mode.refreshRate {
            pacer = VsyncPacer(refreshInterval: 1 / chosen.mode.refreshRate, source: pacer.source)
        }
        if previous?.crtcIndex != chosen.crtcIndex, pacer.source == .pageFlip,
           !device.supportsVblankQueries(crtcIndex: chosen.crtcIndex) {
            pacer.useTimer()
            announcedTimerPacing = true
            log("\(device.path): drmWaitVBlank fails, so flips are not timed by vblank; pacing frames by a \(chosen.mode.roundedRefreshRate) Hz timer")
        }
        if savedCrtc == nil { savedCrtc = device.saveCrtc(chosen.crtcID) }
        if previous?.connector.id != chosen.connector.id || previous?.crtcID != chosen.crtcID {
            // Property ids and the mode blob belong to the connector and CRTC: looked up again for a new pair.
            if case .atomic(_, let blob) = interface, blob != 0 { device.destroyBlob(blob) }
            interface = DRMInterface.choose(on: device, output: chosen, preferAtomic: preferAtomic, log: log)
            setUpPlanes(for: chosen)
        }
        output = chosen
    }

    /// The camera's plane path on `chosen`'s CRTC, where `[display] planes = "auto"` and the driver is atomic.
    private func setUpPlanes(for chosen: DRMOutput) {
        planner = nil
        planeScanout = nil
        planeBuffers?.destroy(on: device)
        planeBuffers = nil
        guard planesSetting == .auto, case .atomic(let atomic, _) = interface else { return }
        do {
            planner = PlanePlanner(setting: planesSetting, atomic: true, planes: try device.planes(), crtcIndex: chosen.crtcIndex,
                                   screen: PixelSize(width: chosen.mode.width, height: chosen.mode.height))
            planeScanout = try PlaneScanout.lookUp(on: device, output: atomic, crtcIndex: chosen.crtcIndex)
        } catch {
            planner = nil
            log("\(device.path): the camera stays composed on the CPU: \(error)")
        }
    }

    /// The connector in use went away: nothing is drawn or ticked until one is connected again.
    private func disconnect() {
        guard scanout != .disconnected, let output else { return }
        log("\(device.path): \(output.connector.name) unplugged; running on, the picture returns when a panel is plugged in")
        scanout = .disconnected
        abandonPendingFlip()
        frameTimer.arm(at: nil)
        retryTimer.arm(at: now() + reprobeDelay)
    }

    /// Sets the output's mode with the front buffer, which gets the last frame first.
    private func setMode(firstAttempt: Bool) {
        guard let output else { return }
        tracker.invalidateAll()
        if let lastFrame { copy(lastFrame, damage: [], into: frontBuffer) }
        if case .waitingForMaster = scanout { device.acquireMaster() }
        do {
            try setMode(framebufferID: buffers[frontBuffer].framebufferID)
            if !hasShown && !firstAttempt {
                log("\(device.path): \(output.connector.name) connected; showing at \(output.mode)")
            } else if scanout != .active || !firstAttempt {
                log("\(device.path): \(output.connector.name) showing again")
            }
            hasShown = true
            scanout = .active
            planeScanout?.forgetFramebuffers()
            abandonPendingFlip()
            retryTimer.arm(at: nil)
            if isBlanked, case .legacy = interface, let property = output.connector.dpmsPropertyID {
                // Plugged in while the panel is dark: it stays dark until woken (an atomic mode set
                // carries ACTIVE off itself).
                try? device.setConnectorProperty(connectorID: output.connector.id, propertyID: property, value: 3)
            }
        } catch DisplayError.systemCall(_, _, let code) where code == EACCES || code == EPERM || code == EBUSY {
            loseMaster()
        } catch {
            log("\(device.path): setting \(output.mode) on \(output.connector.name) failed: \(error); retrying")
            scanout = .disconnected
            retryTimer.arm(at: now() + reprobeDelay)
        }
    }

    /// Sets the output's mode showing `framebufferID`: one blocking ALLOW_MODESET commit, or drmModeSetCrtc.
    private func setMode(framebufferID: UInt32) throws {
        guard let output else { return }
        switch interface {
        case .legacy:
            try device.setCrtc(output.crtcID, framebufferID: framebufferID, connectorID: output.connector.id, mode: output.mode)
        case .atomic(let atomic, let oldBlob):
            let blob = try device.createModeBlob(output.mode, connectorID: output.connector.id)
            var request = atomic.modeset(modeBlobID: blob, framebufferID: framebufferID)
            request.merge(atomic.power(on: !isBlanked))
            do {
                try device.commit(request, flags: .allowModeset)
            } catch DisplayError.systemCall(_, _, let code) where code != EACCES && code != EPERM && code != EBUSY {
                // The driver refused the request itself (a property it takes otherwise): legacy calls instead.
                device.destroyBlob(blob)
                if oldBlob != 0 { device.destroyBlob(oldBlob) }
                log("\(device.path): the atomic mode set failed (\(SystemErrorText.describe(code))); using legacy page flips")
                interface = .legacy
                return try setMode(framebufferID: framebufferID)
            } catch {
                device.destroyBlob(blob)
                throw error
            }
            if oldBlob != 0 { device.destroyBlob(oldBlob) }
            interface = .atomic(atomic, modeBlobID: blob)
        }
    }

    private func loseMaster() {
        let attempt: Int
        if case .waitingForMaster(let previous) = scanout { attempt = previous + 1 } else { attempt = 0 }
        let delay = Self.masterRetryDelay(attempt: attempt)
        log("\(device.path): another process is DRM master (a compositor or X server on this card?); stop it or pick another card. Retrying in \(Int(delay)) s")
        scanout = .waitingForMaster(attempt: attempt)
        abandonPendingFlip()
        retryTimer.arm(at: now() + delay)
    }

    /// A flip queued before the mode was set again or master was lost; its event, if any, is stale.
    private func abandonPendingFlip() {
        scanoutCapture.cancel(.deviceUnavailable(path: device.path, reason: "the output was set up again (unplugged, plugged in or DRM master lost)"))
        pendingBuffer = nil
        pendingPlanes = nil
        // The front buffer was given the last frame, which the queued one is.
        queued = nil
        flipTimer.arm(at: nil)
        pacer.flipAbandoned()
    }

    /// 1, 2, 4 … seconds, capped at 30.
    static func masterRetryDelay(attempt: Int) -> Double {
        min(30, Double(1 << min(attempt, 5)))
    }
}
