import Foundation
import Glibc
import KioskCamera
import KioskCompositor
import KioskConfig
import KioskDisplay
import KioskEngine
import KioskOptions
import KioskTouch
import Logging

/// `swipe-kiosk run` (and `preview`, on a desktop window): one event loop over the display, the
/// touch devices, the camera, timers and signals, drawing a frame only at a vsync after something changed.
///
/// It wires its named parts together: `OutputSet` (every output, each an `Output` with its display,
/// its `SceneHost` (the scene and its transitions) and its `RenderPacer` (frames at its vsync); the
/// first takes touch and the camera), `InputRouter` (touches, the wake filter, replays), `IdleController`
/// (`[idle]`), `PowerController` (`[power]`: dimming, dark, schedule, backlight), `CameraBackground`,
/// `VideoElementPlayers` (the video elements) and `ConfigApplier` (start and reload), all running on
/// the injected `DaemonParts`. Everything a control service needs is a plain member here: the
/// properties, `goTo`, `blank`, `wake`, `reload`, `lastFrame`, `eventLoop` and observers.
public final class KioskDaemon {
    /// The loop the daemon runs on: watch another descriptor on it to be called from the loop.
    public let eventLoop: EventLoop
    private let options: RunOptions
    private let logger: Logger
    /// READY, STATUS, WATCHDOG, RELOADING and STOPPING go here (`DaemonParts.notifier`).
    let notifier: any ServiceNotifier
    /// The daemon's time: `clock.makeTimer` gives a timer that fires on the loop (a control
    /// service's timeouts), `clock.now` the time touches and frames are stamped with.
    public let clock: any DaemonClock
    /// The first output's display.
    let display: any Display
    /// Which backend `display` is.
    let displayBackend: DisplayBackend
    let startTime: Double
    private let eventsLog: EventsLog?

    /// Every output, the first (the touch deck) first.
    let outputs: OutputSet
    let idle: IdleController
    let power: PowerController
    let input: InputRouter
    let camera: CameraBackground
    /// The video elements' players.
    let videos: VideoElementPlayers
    /// The web elements' pages and their host (`type = "web"`).
    let webPages: WebPages
    let applier: ConfigApplier
    let valueSources: ValueSources
    /// Kills what commands leave behind (see `ChildReaper`).
    let reaper = ChildReaper()
    let buttons: ButtonActions
    /// `[sound]`: taps and swipes play through it.
    let sound: SoundBoard
    /// The time of day: `[[power.schedule]]` and clock values read it, and hear when it is set.
    private let wallClock: any WallClock
    private var replay: ReplayFeeder?
    private var watchdogTimer: (any DaemonTimer)?
    /// Runs the reloads SIGHUP and MQTT ask for (`requestReload`), at most one every `minimumReloadInterval`.
    private var reloadTimer: (any DaemonTimer)?
    private var reloadScheduled = false
    private var lastReloadTime = -Double.infinity
    /// Told what the waiting reload did, once it has run.
    private var reloadWaiters: [(ReloadResult) -> Void] = []
    /// A storm of SIGHUPs or MQTT reloads costs at most four reloads a second; the last request is never lost.
    static let minimumReloadInterval = 0.25
    private var signals: SignalSource?
    private var observers: [WeakObserver] = []
    private var stopping = false

    /// The real daemon for `options`: loads the config (or the built-in demo), opens the display
    /// and devices it names.
    /// SIGTERM, SIGINT and SIGHUP are taken from here on (through `signals`, the caller's when it
    /// keeps them past a throw): a stop asked during start-up is seen between its steps
    /// (`StopRequested`), never held back until the loop runs.
    public convenience init(options: RunOptions, logger: Logger, signals: SignalSource? = nil) throws {
        let signals = try signals ?? SignalSource(signals: [SIGTERM, SIGINT, SIGHUP])
        let (configuration, path) = try Self.loadConfiguration(options.configPath, logger: logger)
        if SignalSource.isStopPending() { throw StopRequested() }
        // Before the display is opened: a headless or window size the budget cannot hold is never allocated.
        var display = configuration.display
        display.backend = options.displayBackend ?? display.backend
        if let planned = MemoryBudget.plannedSize(of: display) {
            try Self.checkMemory(configuration, displaySize: planned, path: path)
        }
        if SignalSource.isStopPending() { throw StopRequested() }
        let parts = try DaemonParts.real(for: configuration, backendOverride: options.displayBackend, logger: logger)
        if SignalSource.isStopPending() { throw StopRequested() }
        try self.init(configuration: configuration, configPath: path, parts: parts, options: options, logger: logger)
        self.signals = signals
    }

    /// A daemon on the given parts; `configPath` is what `reload()` reads (nil: no reloads).
    public init(configuration: KioskConfiguration, configPath: String?, parts: DaemonParts,
                options: RunOptions = RunOptions(), logger: Logger) throws {
        self.options = options
        // Lines input can repeat are rate-limited (RunCommand's logger already is, sharing one limiter with the camera's thread).
        let logger = logger.rateLimited()
        self.logger = logger
        eventLoop = parts.loop
        display = parts.display
        displayBackend = parts.displayBackend
        clock = parts.clock
        wallClock = parts.wallClock
        notifier = parts.notifier
        startTime = parts.clock.now
        eventsLog = try options.eventsLogPath.map { try EventsLog(path: $0) }

        var opened = configuration
        opened.display.backend = parts.displayBackend
        try Self.checkMemory(opened, displaySize: PixelSize(width: display.size.width, height: display.size.height), path: configPath)
        let context = DaemonContext(loop: eventLoop, clock: clock, logger: logger, reaper: reaper, eventsLog: eventsLog, startTime: startTime)
        valueSources = ValueSources(store: ValueStore(configuration.values), context: context, wallClock: parts.wallClock)
        buttons = ButtonActions(context: context)
        sound = SoundBoard(makeSink: parts.makeSoundSink, videoAudio: parts.videoAudio, logger: logger)
        sound.apply(configuration)
        let makeSceneBuilder = { [valueSources, buttons, sound] root in
            Self.sceneBuilder(root, values: valueSources.store, buttons: buttons, sound: sound)
        }
        // The first output: the display as it opened, turned by `[display] rotation`.
        let first = try Output(settings: OutputSet.firstSettings(configuration),
                               name: { [display, displayBackend] in Self.firstOutputName(configuration.display, display, displayBackend) },
                               defaults: .first(scale: (display as? SDLDisplay)?.scale ?? 1), configuration: configuration,
                               display: display, initialScreen: nil, context: context, makeSceneBuilder: makeSceneBuilder) { scene in
            logger.info("\(scene.screenNames.count) screens, home \"\(scene.screenNames[scene.homeIndex])\"")
        }
        outputs = OutputSet(first: first, context: context, makeDisplay: parts.makeOutputDisplay) { [parts] name, input, surface in
            try name.map { try parts.makeOutputTouchSource($0, input, surface) } ?? parts.makeTouchSource(input, surface)
        }
        outputs.makeSceneBuilder = makeSceneBuilder
        configuration.warnings.forEach { logger.warning("\($0)") }
        idle = IdleController(policy: IdlePolicy(configuration.idle), clock: clock, logger: logger)
        power = PowerController(configuration: configuration.power, display: display,
                                backlight: parts.opensBacklight
                                    ? configuration.power.backlight.open(classFolder: parts.backlightClassFolder, logger: logger) : nil,
                                clock: clock, wallClock: parts.wallClock, logger: logger)
        input = InputRouter(context: context, outputs: outputs, idle: idle, power: power)
        outputs.input = input
        camera = CameraBackground(factory: parts.makeCameraFeed, loop: eventLoop, clock: parts.clock, logger: logger,
                                  sceneSize: first.pacer.compositor.sceneSize)
        videos = VideoElementPlayers(factory: parts.makeVideoFeed, loop: eventLoop, logger: logger)
        webPages = WebPages(launch: parts.launchWebHost ?? { [eventLoop] signal in try WebHostProcess(loop: eventLoop, signal: signal) },
                            clock: clock, logger: logger)
        applier = ConfigApplier(configuration: configuration, path: configPath, logger: logger, outputs: outputs,
                                camera: camera, idle: idle, power: power)
        applier.makeSceneBuilder = { [valueSources, buttons, sound] root in
            // The new values are in the store (keeping their texts) before the new screens bind to
            // them; their sources start only once those screens are on show.
            valueSources.stage(root.configuration.values)
            return Self.sceneBuilder(root, values: valueSources.store, buttons: buttons, sound: sound)
        }
        applier.onSceneReplaced = { [valueSources, sound] configuration in
            sound.apply(configuration)
            valueSources.start(configuration.values)
        }
        applier.onSceneRejected = { [valueSources] in valueSources.rollBack() }
        wireParts()
    }

    /// Throws the refusal when `configuration` needs more memory than `[limits] memory` at `displaySize`.
    private static func checkMemory(_ configuration: KioskConfiguration, displaySize: PixelSize, path: String?) throws {
        guard let problem = MemoryBudget(configuration.limits).problem(with: configuration, displaySize: displaySize) else { return }
        throw ConfigurationError(diagnostics: [ConfigDiagnostic(file: path ?? "the built-in demo", position: nil, message: problem)])
    }

    private static func sceneBuilder(_ root: SceneRoot, values: ValueStore, buttons: ButtonActions, sound: SoundBoard) -> SceneBuilder {
        var builder = root.sceneBuilder(values: values)
        builder.onButtonAction = { [unowned buttons] screen, button in buttons.press(button, on: screen) }
        builder.onButtonPressed = { [unowned sound] button in sound.buttonPressed(button) }
        builder.shouldStop = SignalSource.isStopPending
        return builder
    }

    private func wireParts() {
        outputs.onOpened = { [unowned self] output in wire(output) }
        wire(outputs.first)
        pacer.background = { [unowned camera] in camera.frame }
        pacer.backgroundCapture = { [unowned camera] in camera.captureBuffer }
        pacer.feedPlaced = { [unowned camera] placement in camera.feedPlaced(placement) }
        pacer.completeBackground = { [unowned camera] in camera.completeFrame() }
        pacer.videoFrames = { [unowned self] in
            videos.update(for: sceneHost.scene)
            // The daemon composes a frame: the pages' vsync tick.
            webPages.update(for: sceneHost.scene)
            webPages.tick()
            return videos.frames.merging(webPages.frames) { video, _ in video }
        }
        wireWebPages()
        videos.onFrame = { [unowned pacer] in pacer.requestFrame() }
        pacer.onFirstFrame = { [unowned self] in
            notifier.ready(status: status)
            logger.notice("ready: \(status)")
        }
        outputs.onOutputsChanged = { [unowned self] in notify { $0.propertiesChanged([.outputs]) } }
        pacer.onFrameHandled = { [unowned self] in stopIfReplayIsOver() }
        camera.onFrame = { [unowned self] in
            pacer.feedFrameArrived()
            notify { $0.cameraFrameArrived() }
        }
        idle.place = { [unowned sceneHost] in
            let scene = sceneHost.scene
            if scene.container.isTransitioning { return .transitioning }
            return scene.container.selectedIndex == scene.homeIndex ? .home : .elsewhere
        }
        idle.returnHome = { [unowned self] in
            let scene = sceneHost.scene
            guard scene.container.select(index: scene.homeIndex, animated: true) else { return false }
            pacer.requestFrame()
            return true
        }
        power.onDarkChanged = { [unowned self] dark in
            // Dark: nothing is composed and the camera rests; the watchdog timer runs on.
            outputs.setDark(dark)
            videos.isSuspended = dark
            sound.isDark = dark
            webPages.isSuspended = dark
            // Nothing is composed while dark: the pages hear it now.
            webPages.update(for: sceneHost.scene)
            if dark { camera.pause() } else { camera.resume() }
            notify { $0.propertiesChanged([.blanked]) }
        }
        power.showBlackFrame = { [unowned pacer] in pacer.presentBlack() }
        pacer.onOutputConnectionChanged = { [unowned self] _ in
            // An animation under way waits for the panel (nothing ticks meanwhile) and goes on with it.
            notifier.status(status)
        }
        power.onBrightnessChanged = { [unowned self] in notify { $0.propertiesChanged([.brightness]) } }
        valueSources.store.onViewsChanged = { [unowned outputs] in outputs.all.forEach { $0.pacer.requestFrame() } }
        sound.onVolumeChanged = { [unowned self] in notify { $0.propertiesChanged([.volume]) } }
        valueSources.store.onValueChanged = { [unowned self] _ in
            webPages.valuesChanged()
            notify { $0.propertiesChanged([.values]) }
        }
        buttons.onSignal = { [unowned self] screen, button in notify { $0.buttonPressed(screen: screen, button: button) } }
        buttons.onMqtt = { [unowned self] screen, button, topic, payload in
            notify { $0.mqttButtonPressed(screen: screen, button: button, topic: topic, payload: payload) }
        }
        buttons.onFinished = { [unowned self] screen, button, status in
            notify { $0.actionFinished(screen: screen, button: button, status: status) }
        }
        input.onDevicesChanged = { [unowned self] in notifier.status(status) }
        input.onTouches = { [unowned self] count in notify { $0.touchesArrived(count: count) } }
        (display as? any InteractiveDisplay)?.onInput = { [unowned self] input in windowInput(input) }
    }

    /// Tells the observers about `output`'s transitions and frames; what only the touch deck's
    /// screen drives (the videos, `[idle]`, the D-Bus screen signals, mirrors) hears the first's.
    private func wire(_ output: Output) {
        let isFirst = output === outputs.first
        output.sceneHost.onDiagnostic = { [logger] message in logger.info("\(message)") }
        output.onTransitionBegan = { [unowned self] _, _, _ in
            guard isFirst else { return }
            videos.update(for: sceneHost.scene)
            idle.reschedule()
            notify { $0.propertiesChanged([.transitioning]) }
        }
        output.onTransitionEnded = { [unowned self] output, from, to, completed in
            if isFirst { firstTransitionEnded(from: from, to: to, completed: completed) }
            if completed { notify { $0.outputScreenChanged(output: output.name, from: from, to: to) } }
            // `Outputs` holds every output's screen.
            let changed: Set<KioskDaemonProperty> = !isFirst ? [.outputs] : completed ? [.transitioning, .currentScreen, .outputs] : [.transitioning]
            if completed || isFirst { notify { $0.propertiesChanged(changed) } }
        }
        output.onFramePresented = { [unowned self] output, seconds in
            if isFirst { notify { $0.framePresented(composeSeconds: seconds) } }
            notify { $0.outputFramePresented(output: output.name, composeSeconds: seconds, refreshPeriod: 1 / output.display.refreshRate) }
        }
    }

    /// The touch deck's transition ended: what its screen drives follows.
    private func firstTransitionEnded(from: String, to: String, completed: Bool) {
        videos.update(for: sceneHost.scene)
        notifier.status(status)
        // Off the home screen now (or back on it): the return-home deadline starts or stops.
        idle.reschedule()
        notify { $0.transitionEnded(from: from, to: to, completed: completed) }
        guard completed else { return }
        if from != to { sound.screenChanged() }
        outputs.firstScreenChanged(to: to)
        notify { $0.screenChanged(from: from, to: to) }
    }

    /// A desktop window's input (`--display sdl`): the mouse as a touchscreen, arrow keys, closing.
    private func windowInput(_ windowInput: WindowInput) {
        switch windowInput {
        case .touches(let touches):
            input.deliver(touches)
        case .previousScreen, .nextScreen:
            if sceneHost.scene.selectScreen(offsetBy: windowInput == .previousScreen ? -1 : 1) { pacer.requestFrame() }
        case .closed:
            stopping = true
        }
    }

    // MARK: - Life cycle

    /// Runs until SIGTERM or SIGINT (or the end of a replay); returns the process exit status.
    public func run() throws -> Int32 {
        let signals = try self.signals ?? SignalSource(signals: [SIGTERM, SIGINT, SIGHUP])
        try eventLoop.watch(signals.fileDescriptor) { [unowned self] in handleSignals() }
        self.signals = signals
        if let reason = reaper.becomeSubreaper() {
            logger.warning("cannot become the child subreaper (\(reason)): processes a command detaches with setsid may outlive it")
        }
        try start()
        while !stopping {
            try eventLoop.runOnce()
        }
        shutDown()
        return 0
    }

    /// Starts everything and draws the first frame, without running the loop (tests run it).
    public func start() throws {
        notifier.status("Starting")
        try outputs.first.start()
        try startWatchdog()
        // A stop asked by now is read by the loop's first turn; nothing more is started for it.
        if SignalSource.isStopPending() { return }
        try startReplay()
        try idle.start()
        if SignalSource.isStopPending() { return }
        valueSources.start(applier.configuration.values)
        applier.start()
        // After the first frame (systemd hears READY with it), even when the schedule keeps the panel dark.
        pacer.render()
        try power.start()
        try wallClock.watchTimeChanges { [unowned self] in
            power.wallClockWasSet()
            valueSources.wallClockWasSet()
        }
    }

    /// Asks `run()` to return after the current turn of the loop.
    public func stop() {
        stopping = true
    }

    /// Ends what runs (a transition ends through its normal path) and releases the devices.
    public func shutDown() {
        notifier.stopping()
        outputs.halt()
        power.stop()
        valueSources.stop()
        buttons.stop()
        sound.stop()
        let killed = reaper.killEverything()
        if !killed.isEmpty {
            logger.notice("stopping: killed \(killed.count) processes left by commands: \(killed.map(\.description).joined(separator: ", "))")
        }
        camera.stop()
        videos.stopAll()
        webPages.stop(deadline: MonotonicClock.now() + WebPages.stopWait)
        // The loop has ended: the process may now wait (bounded, in all) for the capture threads to
        // release their devices and pipelines, so it does not exit under a thread still closing them.
        let released = MonotonicClock.now() + LiveFeed.exitStopWait
        camera.waitUntilReleased(deadline: released)
        videos.waitUntilReleased(deadline: released)
        outputs.close()
        eventsLog?.flush()
        if replay != nil { print(latencyReport) }
    }

    /// Draws the frame a tick of the display's frame clock made due. The loop calls it after the
    /// display's descriptors; a caller ticking a manual frame clock calls it after each tick.
    public func frameTickDelivered() {
        outputs.frameTickDelivered()
    }

    /// Tells `observer` about changes until it is released.
    public func addObserver(_ observer: any KioskDaemonObserver) {
        observers.removeAll { $0.observer == nil }
        observers.append(WeakObserver(observer: observer))
    }

    func notify(_ call: (any KioskDaemonObserver) -> Void) {
        for entry in observers { if let observer = entry.observer { call(observer) } }
    }

    private struct WeakObserver {
        weak var observer: (any KioskDaemonObserver)?
    }

    // MARK: - Configuration, replay, watchdog, signals

    private static func loadConfiguration(_ path: String?, logger: Logger) throws -> (KioskConfiguration, String?) {
        let source = ConfigurationSource(path: path)
        guard let chosen = source.resolvedPath else {
            logger.warning("no config at \(KioskConfiguration.defaultPath); showing the built-in demo (install one with `make install`, or pass --config)")
            return (DemoConfiguration.configuration, nil)
        }
        return (try source.load(), chosen)
    }

    private func startReplay() throws {
        guard let path = options.replayPath else { return }
        let recording = try EvemuRecording.load(events: URL(fileURLWithPath: path),
                                                description: options.replayDevicePath.map { URL(fileURLWithPath: $0) })
        guard let description = recording.description else { throw SimulationError.noDeviceDescription }
        input.measuresLatency = true
        // A short pause first, so the replay starts on a settled first frame.
        replay = try ReplayFeeder(recording: recording, description: description, surface: sceneHost.touchSurface,
                                  calibration: applier.configuration.input.calibration(forRecordingOf: description),
                                  startTime: clock.now + 0.5, clock: clock,
                                  warn: { [unowned self] in logger.warning("\(path): \($0)") }) { [unowned self] touches in
            input.deliver(touches)
            stopIfReplayIsOver()
        }
        logger.info("replaying \(path) (\(recording.events.count) events from \(description.name)) in real time")
    }

    private func stopIfReplayIsOver() {
        // Once: the turn that saw the end may hand over more frames before the loop stops.
        guard !stopping, options.exitAfterReplay, let replay, replay.isFinished,
              !sceneHost.container.isTransitioning, pacer.animationsAtRest else { return }
        logger.info("replay finished")
        stopping = true
    }

    private func startWatchdog() throws {
        guard let timeout = notifier.watchdogTimeout else { return }
        // Pinged from the loop itself: a loop that hangs stops pinging and systemd restarts it.
        let timer = try clock.makeTimer { [notifier] in notifier.watchdog() }
        timer.schedule(at: clock.now + timeout / 2, repeatingEvery: timeout / 2)
        watchdogTimer = timer
    }

    /// Reads the config file again on a later turn of the loop (what else waits, a status call or
    /// a frame, goes first), at most one reload every `minimumReloadInterval`: requests made while
    /// one waits join it, so the last is never lost. `completion` hears what it did (nothing when
    /// the daemon stops first). SIGHUP and MQTT's `reload` come here.
    func requestReload(completion: ((ReloadResult) -> Void)? = nil) {
        guard !stopping else { return }
        if let completion { reloadWaiters.append(completion) }
        guard !reloadScheduled else { return }
        if reloadTimer == nil {
            do {
                reloadTimer = try clock.makeTimer { [unowned self] in runRequestedReload() }
            } catch {
                logger.error("reload: no timer (\(error)); reloading at once")
                return runRequestedReload()
            }
        }
        reloadScheduled = true
        reloadTimer?.schedule(at: max(clock.now, lastReloadTime + Self.minimumReloadInterval))
    }

    private func runRequestedReload() {
        reloadScheduled = false
        let waiters = reloadWaiters
        reloadWaiters = []
        guard !stopping else { return }
        lastReloadTime = clock.now
        let result = reload()
        waiters.forEach { $0(result) }
    }

    private func handleSignals() {
        let pending = signals?.readPending() ?? []
        // A stop read with reloads goes first: the reloads would only hold it back.
        let stopAsked = pending.contains { $0 != SIGHUP }
        for signal in pending {
            switch signal {
            case SIGHUP:
                if !stopAsked { requestReload() }
            default:
                if !stopping { logger.notice("signal \(signal): stopping") }
                stopping = true
                // No frame is drawn after it: the rest of this turn of the loop goes by quickly.
                pacer.stop()
            }
        }
    }

    // MARK: - Reports

    /// The line systemd shows in `systemctl status`.
    public var status: String {
        let scene = sceneHost.scene
        var parts = ["Screen \"\(currentScreen)\" (\(scene.container.selectedIndex + 1) of \(scene.screenNames.count))",
                     display.isOutputConnected ? outputs.first.mode : Self.noDisplayConnected]
        if let cameraStatus = camera.status { parts.append("camera: \(cameraStatus)") }
        parts.append("touch: \(input.openDevices.count) device(s)")
        if let web = webPages.reportedStatus { parts.append("web: \(web)") }
        return parts.joined(separator: "; ")
    }

    /// What status lines say while no panel is connected.
    static let noDisplayConnected = "no display connected"

    /// Input-to-screen latency over the replay, against the goal of one refresh plus the composition.
    public var latencyReport: String { pacer.latencyReport }
}
