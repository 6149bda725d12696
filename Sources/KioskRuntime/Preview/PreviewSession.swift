import Foundation
import Glibc
import KioskCamera
import KioskCompositor
import KioskConfig
import KioskDisplay
import KioskEngine

/// `swipe-kiosk preview`: the whole engine in a desktop window on the window's vsync, reloading
/// the config whenever it is saved.
///
/// A good save rebuilds the screens, keeping the one on show when it still exists; a save with
/// errors keeps the last good screens and lists the errors over them until the next good save.
public final class PreviewSession {
    public let configPath: String
    private let log: @Sendable (String) -> Void
    /// The window's geometry, fixed when it opened; every save is laid out at it.
    private let sceneRoot: SceneRoot
    private let loop: EventLoop
    private let signals: SignalSource
    private let watcher: ConfigWatcher
    private let display: any InteractiveDisplay

    private var configuration: KioskConfiguration
    private var compositor: Compositor
    private var scene: KioskScene
    /// The scene with the error overlay, when there is one, on top.
    private let root: View
    private var overlay: View?
    private var camera: (any CameraFeed)?
    /// The stop of the feed a reload replaced: the new feed's thread waits for it.
    private var cameraStop: FeedStop?
    private var background: PixelBuffer?
    private var renderLink: DisplayLink!
    private var frameDue = false
    private var stopping = false
    /// When the last save was seen, until its frame is on the screen.
    private var saveSeenAt: Double?

    /// The geometry the window opens at for `configuration`: its texture is `[display]`'s mode,
    /// else its size (see `SDLDisplay`), turned by its rotation, as every command has it.
    public static func geometry(for configuration: KioskConfiguration) -> SceneGeometry {
        SceneRoot(configuration: configuration).geometry
    }

    /// Opens the window for the config at `configPath`; throws its errors when it does not load.
    public init(configPath: String, log: @escaping @Sendable (String) -> Void) throws {
        self.configPath = configPath
        self.log = log
        configuration = try ConfigurationLoader.load(path: configPath).get()
        loop = try EventLoop()
        signals = try SignalSource(signals: [SIGTERM, SIGINT])
        watcher = try ConfigWatcher(configPath: configPath, files: Self.referencedFiles(configuration))
        var options = configuration.display.displayOptions(backendOverride: .sdl)
        options.windowTitle = "swipe-kiosk preview: \(configPath)"
        display = try SDLDisplay(options: options, title: options.windowTitle)
        sceneRoot = SceneRoot(configuration: configuration, display: display, scale: (display as? SDLDisplay)?.scale ?? 1)
        compositor = sceneRoot.makeCompositor()
        scene = try sceneRoot.buildScene(frameClock: display.frameClock)
        root = View(name: "preview", frame: Rect(origin: .zero, size: compositor.sceneSize))
        root.addSubview(scene.rootView)
    }

    /// Runs until the window is closed or SIGINT/SIGTERM; returns the exit status.
    public func run() throws -> Int32 {
        attachScene()
        renderLink = display.frameClock.addDisplayLink { [unowned self] _ in frameDue = true }
        display.onInput = { [unowned self] input in handle(input) }
        for descriptor in display.pollDescriptors {
            try loop.watch(descriptor) { [unowned self] in displayReadable(descriptor) }
        }
        try loop.watch(watcher.fileDescriptor) { [unowned self] in configChanged() }
        try loop.watch(signals.fileDescriptor) { [unowned self] in
            _ = signals.readPending()
            stopping = true
        }
        startCamera()
        log("preview: \(scene.screenNames.count) screens at \(display.size.width)x\(display.size.height); "
            + "drag with the mouse to swipe, arrow keys for the previous/next screen; watching \(configPath)")
        render()
        while !stopping {
            try loop.runOnce()
        }
        // The loop has ended: wait (bounded) for the capture thread, so the process does not exit under it.
        _ = camera?.stop().wait(timeout: LiveFeed.previousStopWait)
        display.close()
        return 0
    }

    // MARK: - Reloading

    private func configChanged() {
        guard watcher.readChanges() else { return }
        saveSeenAt = MonotonicClock.now()
        switch ConfigurationLoader.load(path: configPath) {
        case .success(let new):
            apply(new)
        case .failure(let error):
            log("\(configPath) has errors; showing the last good version:\n\(error)")
            showErrors(error)
        }
        requestFrame()
    }

    private func apply(_ new: KioskConfiguration) {
        do {
            let rebuilt = try scene.rebuild(frameClock: display.frameClock) {
                sceneRoot.reconfigured(new).sceneBuilder()
            }
            scene.rootView.removeFromSuperview()
            scene = rebuilt
            root.insertSubview(scene.rootView, at: 0)
        } catch {
            log("\(configPath): the screens could not be built (\(error)); the last good version stays")
            return
        }
        if new.display != configuration.display {
            log("[display] changes show after restarting the preview")
        }
        let cameraChanged = new.camera != configuration.camera
        configuration = new
        overlay?.removeFromSuperview()
        overlay = nil
        // A fresh compositor forgets every cached picture, so an edited image file shows too.
        compositor = sceneRoot.makeCompositor()
        attachScene()
        if cameraChanged { restartCamera() }
        try? watcher.watch([configPath] + Self.referencedFiles(new))
        log("reloaded \(configPath): \(scene.screenNames.count) screens, showing \"\(scene.currentScreen)\"")
    }

    private func showErrors(_ error: ConfigurationError) {
        overlay?.removeFromSuperview()
        let view = ErrorOverlay.makeView(for: error, size: compositor.sceneSize)
        root.addSubview(view)
        overlay = view
    }

    private func attachScene() {
        let scene = scene
        scene.container.onDiagnostic = { [log] message in log(message) }
        let logger = TransitionLogger(log: nil, now: MonotonicClock.now, keepsRecords: false) { scene.selectionDidChange() }
        transitionLogger = logger
        scene.container.delegate = logger
    }

    private var transitionLogger: TransitionLogger?

    /// The pictures a config shows, whose edits should reload it too.
    private static func referencedFiles(_ configuration: KioskConfiguration) -> [String] {
        var files = configuration.screens.flatMap(\.elements).compactMap { element -> String? in
            if case .image(let image) = element.kind { return image.path }
            return nil
        }
        if let path = configuration.camera.path { files.append(path) }
        return files.filter { FileManager.default.fileExists(atPath: $0) }
    }

    // MARK: - Frames and input

    private func requestFrame() {
        renderLink.isPaused = false
        display.scheduleFrame()
    }

    private func displayReadable(_ descriptor: Int32) {
        do {
            try display.handleReadable(descriptor)
        } catch {
            log("display: \(error)")
        }
        guard frameDue else { return }
        frameDue = false
        render()
        renderLink.isPaused = true
        if display.frameClock.wantsTicks { renderLink.isPaused = false }
    }

    private func render() {
        let damage = compositor.render(root: root, background: background)
        for message in compositor.takeContentErrors() { log(message) }
        do {
            try display.present(compositor.output, damage: damage)
        } catch {
            log("display: \(error)")
        }
        if let saveSeenAt {
            log(String(format: "the save is on the screen %.0f ms after it was seen", (MonotonicClock.now() - saveSeenAt) * 1000))
            self.saveSeenAt = nil
        }
    }

    private func handle(_ input: WindowInput) {
        switch input {
        case .touches(let touches):
            touches.forEach(scene.container.handle)
        case .previousScreen:
            scene.selectScreen(offsetBy: -1)
        case .nextScreen:
            scene.selectScreen(offsetBy: 1)
        case .closed:
            stopping = true
        }
        requestFrame()
    }

    // MARK: - Camera

    private func startCamera() {
        do {
            let size = compositor.sceneSize
            guard let feed = try CameraFeedFactory.makeFeed(
                settings: configuration.camera.cameraSettings, displayWidth: Int(size.width), displayHeight: Int(size.height),
                log: { [log] line in log("camera: \(line)") }) else { return }
            try loop.watch(feed.readinessDescriptor) { [unowned self] in
                guard let frame = camera?.takeNewestFrame() else { return }
                background = frame
                requestFrame()
            }
            feed.start(after: cameraStop)
            camera = feed
        } catch {
            log("camera: \(error); the background stays black")
        }
    }

    private func restartCamera() {
        if let camera {
            cameraStop = camera.stop()
            loop.unwatch(camera.readinessDescriptor)
        }
        camera = nil
        background = nil
        startCamera()
    }
}
