import KioskConfig
import KioskDisplay
import KioskEngine
import KioskInput
import KioskOptions
import KioskTouch
import Logging

/// Puts a configuration into effect: the touch sources and camera at start, and on reload the
/// parts that changed, with a new scene that keeps the screen on show where it still exists.
final class ConfigApplier {
    /// Makes the touch source `[input]` describes for a scene of the given size; nil for none.
    typealias TouchSourceFactory = (InputConfiguration, TouchSurface) throws -> (any TouchSource)?

    /// The configuration running now: what the file said at the last good reload, but for the part
    /// only a restart applies, which stays as the daemon started with it.
    private(set) var configuration: KioskConfiguration
    /// What the file asks that only a restart applies (`[display] rotation`, say), as of the last reload.
    private(set) var restartNeeded: [String] = []
    /// The file it came from; nil for the built-in demo, which cannot be reloaded.
    let path: String?
    private let frameClock: any FrameClock
    private let sceneSize: Size
    private let touchSurface: TouchSurface
    private let makeTouchSource: TouchSourceFactory
    private let logger: Logger
    private unowned let sceneHost: SceneHost
    private unowned let camera: CameraBackground
    private unowned let input: InputRouter
    private unowned let idle: IdleController
    private unowned let power: PowerController
    private unowned let pacer: RenderPacer
    /// Makes the builder of a new configuration's scene (the daemon's binds values and buttons).
    var makeSceneBuilder: (KioskConfiguration, Size) -> SceneBuilder = { SceneBuilder(configuration: $0, size: $1) }
    /// The new configuration's scene is on show: what it needs besides (its values' sources) starts.
    var onSceneReplaced: (KioskConfiguration) -> Void = { _ in }
    /// The new configuration's scene could not be built: whatever making its builder staged is undone.
    var onSceneRejected: () -> Void = {}
    /// The last refusal logged whole.
    private var lastRefusal: String?

    init(configuration: KioskConfiguration, path: String?, frameClock: any FrameClock, sceneSize: Size, touchSurface: TouchSurface,
         makeTouchSource: @escaping TouchSourceFactory, logger: Logger, sceneHost: SceneHost,
         camera: CameraBackground, input: InputRouter, idle: IdleController, power: PowerController, pacer: RenderPacer) {
        self.configuration = configuration
        self.path = path
        self.frameClock = frameClock
        self.sceneSize = sceneSize
        self.touchSurface = touchSurface
        self.makeTouchSource = makeTouchSource
        self.logger = logger
        self.sceneHost = sceneHost
        self.camera = camera
        self.input = input
        self.idle = idle
        self.power = power
        self.pacer = pacer
    }

    /// Opens what the configuration asks for: the camera and the touch devices.
    func startDevices() {
        camera.start(configuration.camera)
        startTouchInput()
    }

    /// Loads the file again and applies it when it is good and different.
    func reload() -> ReloadResult {
        guard let path else {
            logger.notice("reload: running the built-in demo, there is no config file to reload")
            return .noConfigFile
        }
        var reloader = ConfigurationReloader(path: path, current: configuration)
        let outcome = reloader.reload()
        // A stop that came while the file was read goes first: nothing of the file is applied.
        if SignalSource.isStopPending() {
            logger.info("reload: a stop was asked; the running config stays")
            return .rejected("a stop was asked; the running config stays")
        }
        switch outcome {
        case .applied(let file):
            restartNeeded = configuration.restartOnlyChanges(to: file)
            // Said at every reload while the file and the running part differ, not only at the first.
            if !restartNeeded.isEmpty {
                logger.warning("\(restartNeeded.joined(separator: ", ")): \(Self.restartAdvice)")
            }
            let new = configuration.reloadable(from: file)
            let size = PixelSize(width: Int(sceneSize.width), height: Int(sceneSize.height))
            if let problem = MemoryBudget(new.limits).problem(with: new, displaySize: size) {
                refused("\(path) not applied; the running config stays: \(problem)")
                return .rejected("\(path): \(problem)")
            }
            lastRefusal = nil
            guard new != configuration else {
                logger.info("reloaded \(path): nothing changed that a reload applies")
                return .unchanged
            }
            if let problem = apply(new) { return .rejected(problem) }
            logger.notice("reloaded \(path)")
            new.warnings.forEach { logger.warning("\($0)") }
            return .applied
        case .unchanged:
            lastRefusal = nil
            restartNeeded = []
            logger.info("reloaded \(path): nothing changed")
            return .unchanged
        case .rejected(let error):
            refused("\(path) not applied; the running config stays:\n\(error)")
            return .rejected("\(error)")
        }
    }

    /// Replaces the scene and restarts what changed; returns why nothing changed when it failed.
    private func apply(_ new: KioskConfiguration) -> String? {
        let old = configuration
        let scene: KioskScene
        do {
            scene = try sceneHost.scene.rebuild(frameClock: frameClock) { makeSceneBuilder(new, sceneSize) }
        } catch is StopRequested {
            onSceneRejected()
            logger.info("reload: a stop was asked; the running config stays")
            return "a stop was asked; the running config stays"
        } catch {
            onSceneRejected()
            logger.error("the new config's screens could not be built (\(error)); the running config stays")
            return "the new config's screens could not be built: \(error)"
        }
        configuration = new
        sceneHost.replace(with: scene)
        onSceneReplaced(new)
        if new.camera != old.camera {
            camera.stop()
            camera.start(new.camera)
        }
        if new.input != old.input {
            input.removeSources()
            startTouchInput()
        }
        idle.policy = IdlePolicy(new.idle)
        power.apply(new.power)
        pacer.invalidate()
        pacer.requestFrame()
        return nil
    }

    /// Logs why a reload was refused; the same refusal again (a SIGHUP storm over one bad file)
    /// is one short line, so the log names the cause once.
    private func refused(_ message: String) {
        if message == lastRefusal {
            logger.info("reload refused again for the same problems; the running config stays")
        } else {
            logger.error("\(message)")
            lastRefusal = message
        }
    }

    /// What to do about keys only a restart applies.
    static let restartAdvice = "only a restart applies these: systemctl restart swipe-kiosk"

    private func startTouchInput() {
        do {
            guard let source = try makeTouchSource(configuration.input, touchSurface) else { return }
            try input.add(source)
        } catch {
            // A kiosk without a touchscreen still shows its screens; devices can be fixed later.
            logger.warning("touch input unavailable: \(error)")
        }
    }
}
