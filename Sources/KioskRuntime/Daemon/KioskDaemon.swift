import Foundation
import Glibc
import KioskCamera
import KioskCompositor
import KioskConfig
import KioskDisplay
import KioskEngine
import KioskInput
import Logging

/// `swipe-kiosk run`: one epoll loop over the display, the touch devices, the camera, timers and
/// signals, drawing a frame only at a vsync after something changed.
///
/// How a frame happens: a touch or a camera frame unpauses the render link and asks the display
/// for a vsync; the display's tick runs the engine's animations and marks a frame due; after the
/// tick the compositor draws what changed and the display shows it. Nothing moving means no
/// ticks, no drawing and no wake-ups.
public final class KioskDaemon {
    private let options: RunOptions
    private let logger: Logger
    private let notifier = SystemdNotifier()
    private let loop: EventLoop
    private let signals: SignalSource
    private let startTime = MonotonicClock.now()

    private var configuration: KioskConfiguration
    private let configPath: String?
    private let display: any Display
    private let compositor: Compositor
    private var scene: KioskScene
    private var transitionLogger: TransitionLogger!
    private let eventsLog: EventsLog?

    private var camera: (any CameraFeed)?
    private var background: PixelBuffer?
    private var touchMonitor: TouchMonitor?
    private var replay: ReplayFeeder?
    private let replayTimer: TimerSource
    private let idleTimer: TimerSource
    private var watchdogTimer: TimerSource?
    private var watchedDisplayDescriptors: Set<Int32> = []

    private var renderLink: DisplayLink!
    private var frameDue = false
    private var firstFramePresented = false
    private var presentFailureLogged = false
    private var lastPresentTime = -Double.infinity
    private var stopping = false
    private var lastActivity: Double
    private var blanked = false
    /// The touches that woke a blanked panel: they only wake it, they do not swipe.
    private var wakingTouches: Set<Int> = []
    private var latency = LatencyRecorder()
    private var composeTimes = RunningStatistics()

    public init(options: RunOptions, logger: Logger) throws {
        self.options = options
        self.logger = logger
        (configuration, configPath) = try Self.loadConfiguration(options.configPath, logger: logger)
        loop = try EventLoop()
        signals = try SignalSource(signals: [SIGTERM, SIGINT, SIGHUP])
        replayTimer = try TimerSource()
        idleTimer = try TimerSource()
        lastActivity = startTime
        eventsLog = try options.eventsLogPath.map { try EventsLog(path: $0) }

        let opened = try DisplayOpener.open(
            configuration.display.displayOptions(backendOverride: options.displayBackend),
            log: { [logger] line in logger.info("\(line)") })
        display = opened.display
        // Which backend was chosen, and why each one before it was passed over.
        for line in opened.log { logger.notice("\(line)") }
        compositor = Compositor(displayWidth: display.size.width, displayHeight: display.size.height,
                                rotation: DisplayRotation(degrees: configuration.display.rotation.degrees) ?? .none)
        scene = try SceneBuilder(configuration: configuration, size: compositor.sceneSize).build(frameClock: display.frameClock)
        logger.info("\(scene.screenNames.count) screens, home \"\(scene.screenNames[scene.homeIndex])\"")
    }

    /// Runs until SIGTERM or SIGINT (or the end of a replay); returns the process exit status.
    public func run() throws -> Int32 {
        notifier.status("Starting")
        attachScene()
        renderLink = display.frameClock.addDisplayLink { [unowned self] _ in frameDue = true }
        (display as? any InteractiveDisplay)?.onInput = { [unowned self] input in windowInput(input) }
        try loop.watch(signals.fileDescriptor) { [unowned self] in handleSignals() }
        try loop.watch(replayTimer.fileDescriptor) { [unowned self] in feedReplay() }
        try loop.watch(idleTimer.fileDescriptor) { [unowned self] in idleTimerFired() }
        try watchDisplayDescriptors()
        startCamera()
        startTouchInput()
        try startReplay()
        startWatchdog()

        render()
        scheduleIdleTimer()
        while !stopping {
            try loop.runOnce()
        }
        shutDown()
        return 0
    }

    // MARK: - Configuration

    private static func loadConfiguration(_ path: String?, logger: Logger) throws -> (KioskConfiguration, String?) {
        let chosen = path ?? KioskConfiguration.defaultPath
        if path == nil && !FileManager.default.fileExists(atPath: chosen) {
            logger.warning("no config at \(chosen); showing the built-in demo (install one with `make install`, or pass --config)")
            return (DemoConfiguration.configuration, nil)
        }
        return (try ConfigurationLoader.load(path: chosen).get(), chosen)
    }

    private func reload() {
        guard let configPath else {
            logger.notice("SIGHUP: running the built-in demo, there is no config file to reload")
            return
        }
        notifier.reloading()
        var reloader = ConfigurationReloader(path: configPath, current: configuration)
        switch reloader.reload() {
        case .applied(let new):
            apply(new)
            logger.notice("reloaded \(configPath)")
        case .unchanged:
            logger.info("reloaded \(configPath): nothing changed")
        case .rejected(let error):
            logger.error("\(configPath) not applied; the running config stays:\n\(error)")
        }
        notifier.ready(status: status)
    }

    private func apply(_ new: KioskConfiguration) {
        let old = configuration
        let current = scene.screenNames[scene.container.selectedIndex]
        do {
            scene = try SceneBuilder(configuration: new, size: compositor.sceneSize)
                .build(frameClock: display.frameClock, initialScreen: current)
        } catch {
            logger.error("the new config's screens could not be built (\(error)); the running config stays")
            return
        }
        configuration = new
        attachScene()
        if new.display != old.display {
            logger.warning("[display] changes take effect after a restart: systemctl restart swipe-kiosk")
        }
        if new.camera != old.camera {
            camera?.stop()
            if let camera { loop.unwatch(camera.readinessDescriptor) }
            camera = nil
            background = nil
            startCamera()
        }
        if new.input != old.input {
            touchMonitor?.fileDescriptors.forEach(loop.unwatch)
            touchMonitor = nil
            startTouchInput()
        }
        compositor.invalidate()
        scheduleIdleTimer()
        requestFrame()
    }

    private func attachScene() {
        let scene = scene
        prepareScreens()
        transitionLogger = TransitionLogger(log: eventsLog, now: { [startTime] in MonotonicClock.now() - startTime },
                                            keepsRecords: false) { [unowned self] in
            scene.selectionDidChange()
            notifier.status(status)
            // Off the home screen now (or back on it): the return-home deadline starts or stops.
            scheduleIdleTimer()
        }
        scene.container.delegate = transitionLogger
        scene.container.onDiagnostic = { [logger] message in logger.info("\(message)") }
    }

    /// Draws every screen's content once at start, so no first swipe onto a screen stutters.
    private func prepareScreens() {
        let bounds = Rect(origin: .zero, size: compositor.sceneSize)
        for screen in scene.container.screens where screen.view.superview == nil {
            // Laid out as it will be shown; a screen not yet shown has no frame of its own.
            let saved = screen.view.frame
            screen.view.frame = bounds
            compositor.prepare(screen.view)
            screen.view.frame = saved
        }
    }

    // MARK: - Frames

    /// Asks for a frame at the next vsync.
    private func requestFrame() {
        guard !blanked else { return }
        renderLink.isPaused = false
        display.scheduleFrame()
    }

    private func watchDisplayDescriptors() throws {
        let current = Set(display.pollDescriptors)
        for descriptor in watchedDisplayDescriptors.subtracting(current) { loop.unwatch(descriptor) }
        for descriptor in current.subtracting(watchedDisplayDescriptors) {
            try loop.watch(descriptor) { [unowned self] in displayReadable(descriptor) }
        }
        watchedDisplayDescriptors = current
    }

    private func displayReadable(_ descriptor: Int32) {
        do {
            try display.handleReadable(descriptor)
            try watchDisplayDescriptors()
        } catch {
            logger.error("display: \(error)")
        }
        if frameDue {
            frameDue = false
            render()
            // Keep ticking only while the engine still animates; otherwise the display may rest.
            renderLink.isPaused = true
            if display.frameClock.wantsTicks {
                renderLink.isPaused = false
            } else {
                // At rest: whatever happened is on disk for whoever tails the log.
                eventsLog?.flush()
            }
            stopIfReplayIsOver()
        }
    }

    private func render() {
        let started = MonotonicClock.now()
        let damage = compositor.render(root: scene.rootView, background: background)
        for message in compositor.takeContentErrors() { logger.error("\(message)") }
        guard !damage.isEmpty else { return }
        composeTimes.add(MonotonicClock.now() - started)
        do {
            try display.present(compositor.output, damage: damage)
            presentFailureLogged = false
        } catch {
            if !presentFailureLogged { logger.error("display: \(error)") }
            presentFailureLogged = true
            return
        }
        let presented = MonotonicClock.now()
        lastPresentTime = presented
        latency.framePresented(at: presented)
        eventsLog?.frame(t: (presented - startTime) * 1000, sequence: composeTimes.count,
                         screen: scene.container.selectedIndex, progress: scene.container.transitionProgress)
        if !firstFramePresented {
            firstFramePresented = true
            notifier.ready(status: status)
            logger.notice("ready: \(status)")
        }
    }

    // MARK: - Input

    private func startTouchInput() {
        do {
            let monitor = try TouchMonitor(settings: configuration.input.touchDeviceSettings, displaySize: compositor.sceneSize)
            for message in monitor.startupMessages { logger.info("\(message)") }
            for descriptor in monitor.fileDescriptors {
                try loop.watch(descriptor) { [unowned self] in touchReadable(descriptor) }
            }
            touchMonitor = monitor
        } catch {
            // A kiosk without a touchscreen still shows its screens; devices can be fixed later.
            logger.warning("touch input unavailable: \(error)")
        }
    }

    private func touchReadable(_ descriptor: Int32) {
        guard let monitor = touchMonitor else { return }
        let update = monitor.readReady(fileDescriptor: descriptor)
        for message in update.messages { logger.notice("\(message)") }
        // Removals first: a closed descriptor's number can come straight back for a new device.
        update.removedFileDescriptors.forEach(loop.unwatch)
        for added in update.addedFileDescriptors {
            do {
                try loop.watch(added) { [unowned self] in touchReadable(added) }
            } catch {
                logger.error("cannot watch a new touch device: \(error)")
            }
        }
        if !update.addedFileDescriptors.isEmpty || !update.removedFileDescriptors.isEmpty {
            notifier.status(status)
        }
        deliver(update.touches)
    }

    private func deliver(_ touches: [TouchEvent]) {
        guard !touches.isEmpty else { return }
        let now = MonotonicClock.now()
        lastActivity = now
        if blanked {
            wake()
        }
        for touch in touches {
            if touch.phase == .began && wokeJustNow(now) { wakingTouches.insert(touch.id) }
            if wakingTouches.contains(touch.id) {
                if touch.phase == .ended || touch.phase == .cancelled { wakingTouches.remove(touch.id) }
                continue
            }
            eventsLog?.touch(touch, t: (touch.time - startTime) * 1000)
            guard replay != nil else {
                scene.container.handle(touch)
                continue
            }
            // Latency (reported for replays) counts the touches that change the picture; the
            // others never reach the screen.
            let before = ViewTreeSignature.of(scene.rootView)
            scene.container.handle(touch)
            if ViewTreeSignature.of(scene.rootView) != before { latency.inputArrived(at: touch.time) }
        }
        scheduleIdleTimer()
        requestFrame()
        // No frame for a whole period: the display is idle, so this touch can be drawn now
        // instead of at the next tick, and the flip lands on the next vsync.
        if !blanked, now - lastPresentTime >= 1 / display.refreshRate {
            render()
        }
    }

    /// A desktop window's input (`--display sdl`): the mouse as a touchscreen, arrow keys, closing.
    private func windowInput(_ input: WindowInput) {
        switch input {
        case .touches(let touches):
            deliver(touches)
        case .previousScreen, .nextScreen:
            if scene.selectScreen(offsetBy: input == .previousScreen ? -1 : 1) { requestFrame() }
        case .closed:
            stopping = true
        }
    }

    private var wokeAt = -Double.infinity
    private func wokeJustNow(_ now: Double) -> Bool { now - wokeAt < 0.05 }

    private func startReplay() throws {
        guard let path = options.replayPath else { return }
        let recording = try EvemuRecording.load(events: URL(fileURLWithPath: path),
                                                description: options.replayDevicePath.map { URL(fileURLWithPath: $0) })
        guard let description = recording.description else { throw SimulationError.noDeviceDescription }
        // A short pause first, so the replay starts on a settled first frame.
        let feeder = ReplayFeeder(recording: recording, description: description, displaySize: compositor.sceneSize,
                                  startTime: MonotonicClock.now() + 0.5)
        replay = feeder
        logger.info("replaying \(path) (\(recording.events.count) events from \(description.name)) in real time")
        scheduleReplayTimer()
    }

    private func scheduleReplayTimer() {
        guard let due = replay?.nextDueTime else { return }
        replayTimer.schedule(after: due - MonotonicClock.now())
    }

    private func feedReplay() {
        replayTimer.acknowledge()
        guard let replay else { return }
        deliver(replay.touchesDue(at: MonotonicClock.now()))
        scheduleReplayTimer()
        stopIfReplayIsOver()
    }

    private func stopIfReplayIsOver() {
        guard options.exitAfterReplay, let replay, replay.isFinished,
              !scene.container.isTransitioning, !display.frameClock.wantsTicks || renderLinkIsOnlyListener else { return }
        logger.info("replay finished")
        stopping = true
    }

    /// True when no animation, only the daemon's own render link, still wants ticks.
    private var renderLinkIsOnlyListener: Bool {
        let wasPaused = renderLink.isPaused
        renderLink.isPaused = true
        defer { renderLink.isPaused = wasPaused }
        return !display.frameClock.wantsTicks
    }

    // MARK: - Camera

    private func startCamera() {
        do {
            let scene = compositor.sceneSize
            guard let feed = try CameraFeedFactory.makeFeed(
                settings: configuration.camera.cameraSettings, displayWidth: Int(scene.width), displayHeight: Int(scene.height),
                log: { [logger] line in logger.notice("camera: \(line)") }) else { return }
            try loop.watch(feed.readinessDescriptor) { [unowned self] in cameraFrameReady() }
            feed.start()
            camera = feed
        } catch {
            logger.error("camera: \(error); the background stays black")
        }
    }

    private func cameraFrameReady() {
        guard let frame = camera?.takeNewestFrame() else { return }
        background = frame
        requestFrame()
    }

    // MARK: - Idle, watchdog, signals

    private var idlePolicy: IdlePolicy { IdlePolicy(configuration.idle) }
    /// Nothing to go home from: on the home screen, or a transition under way (its end re-arms the timer).
    private var onHome: Bool { scene.container.selectedIndex == scene.homeIndex || scene.container.isTransitioning }

    /// Arms the idle timer for the next `[idle]` action; called after touches and transitions.
    private func scheduleIdleTimer() {
        guard let deadline = idlePolicy.nextDeadline(lastActivity: lastActivity, onHome: onHome, blanked: blanked) else {
            return idleTimer.cancel()
        }
        idleTimer.schedule(after: deadline - MonotonicClock.now())
    }

    private func idleTimerFired() {
        idleTimer.acknowledge()
        let idle = configuration.idle
        for action in idlePolicy.actionsDue(at: MonotonicClock.now(), lastActivity: lastActivity, onHome: onHome, blanked: blanked) {
            switch action {
            case .returnHome:
                if scene.container.select(index: scene.homeIndex, animated: true) {
                    logger.info("idle for \(Int(idle.returnHomeAfter)) s: back to the home screen")
                    requestFrame()
                } else {
                    // Refused (a finger resting on the glass): try again a whole idle period later.
                    lastActivity = MonotonicClock.now()
                }
            case .blank:
                do {
                    try display.setPowerSaving(true)
                    blanked = true
                    logger.info("idle for \(Int(idle.blankAfter)) s: panel blanked until the next touch")
                } catch {
                    logger.warning("cannot blank the panel: \(error)")
                }
            }
        }
        scheduleIdleTimer()
    }

    private func wake() {
        blanked = false
        wokeAt = MonotonicClock.now()
        do {
            try display.setPowerSaving(false)
        } catch {
            logger.warning("cannot wake the panel: \(error)")
        }
        compositor.invalidate()
        logger.info("panel woken by a touch")
    }

    private func startWatchdog() {
        guard let timeout = notifier.watchdogTimeout, let timer = try? TimerSource() else { return }
        // Pinged from the loop itself: a loop that hangs stops pinging and systemd restarts it.
        timer.schedule(after: timeout / 2, repeatingEvery: timeout / 2)
        try? loop.watch(timer.fileDescriptor) { [notifier] in
            timer.acknowledge()
            notifier.watchdog()
        }
        watchdogTimer = timer
    }

    private func handleSignals() {
        for signal in signals.readPending() {
            switch signal {
            case SIGHUP:
                reload()
            default:
                logger.notice("signal \(signal): stopping")
                stopping = true
            }
        }
    }

    private func shutDown() {
        notifier.stopping()
        camera?.stop()
        display.close()
        eventsLog?.flush()
        if replay != nil { print(latencyReport) }
    }

    // MARK: - Reports

    /// The line systemd shows in `systemctl status`.
    private var status: String {
        let name = scene.screenNames[scene.container.selectedIndex]
        var parts = ["Screen \"\(name)\" (\(scene.container.selectedIndex + 1) of \(scene.screenNames.count))",
                     "\(display.size.width)x\(display.size.height)@\(Int(display.refreshRate.rounded()))"]
        if let camera { parts.append("camera: \(camera.status)") }
        parts.append("touch: \(touchMonitor?.openDevices.count ?? 0) device(s)")
        return parts.joined(separator: "; ")
    }

    /// Input-to-screen latency over the replay, against the goal of one refresh plus the composition.
    public var latencyReport: String {
        let period = 1000 / display.refreshRate
        let compose = composeTimes.percentile(0.99) * 1000
        guard let p50 = latency.percentile(0.5), let p90 = latency.percentile(0.9), let p99 = latency.percentile(0.99) else {
            return "latency: no touch reached the screen"
        }
        let goal = period + compose
        return String(format: "latency input->frame presented over %d touch events: p50 %.1f ms, p90 %.1f ms, p99 %.1f ms; "
                      + "refresh period %.1f ms, composition p99 %.2f ms; goal p99 <= %.1f ms: %@",
                      latency.samples.count, p50 * 1000, p90 * 1000, p99 * 1000, period, compose, goal,
                      p99 * 1000 <= goal ? "met" : "missed")
    }
}
