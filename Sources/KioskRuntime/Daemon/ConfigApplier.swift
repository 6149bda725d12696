import KioskCompositor
import KioskConfig
import KioskDisplay
import KioskEngine
import KioskInput
import KioskOptions
import KioskTouch
import Logging

/// Puts a configuration into effect: the camera at start, and on reload the parts that changed,
/// with a new scene on every output (`OutputSet.apply`) that keeps the screen on show where it
/// still exists. The first output's scene is built first: a file whose touch deck cannot be built
/// is refused before anything changes.
final class ConfigApplier {

    /// The configuration running now: what the file said at the last good reload, but for the part
    /// only a restart applies, which stays as the daemon started with it.
    private(set) var configuration: KioskConfiguration
    /// What the file asks that only a restart applies (`[display] rotation`, say), as of the last reload.
    private(set) var restartNeeded: [String] = []
    /// The picture files the last reload found replaced on disk, and drew again.
    private(set) var picturesChanged: [String] = []
    /// Which version of `[camera]`'s picture (or slideshow folder) the running feed shows.
    private var cameraPicture: FileIdentity?
    /// The last reload found the camera's picture replaced: the feed starts again from it.
    private var cameraPictureReplaced = false
    /// The file it came from; nil for the built-in demo, which cannot be reloaded.
    let path: String?
    private let logger: Logger
    private unowned let outputs: OutputSet
    private unowned let camera: CameraBackground
    private unowned let idle: IdleController
    private unowned let power: PowerController
    /// Makes the builder of a new configuration's scene through the root (the daemon's binds values and buttons).
    var makeSceneBuilder: (SceneRoot) -> SceneBuilder = { $0.sceneBuilder() }
    /// The new configuration's scene is on show: what it needs besides (its values' sources) starts.
    var onSceneReplaced: (KioskConfiguration) -> Void = { _ in }
    /// The new configuration's scene could not be built: whatever making its builder staged is undone.
    var onSceneRejected: () -> Void = {}
    /// The last refusal logged whole.
    private var lastRefusal: String?

    init(configuration: KioskConfiguration, path: String?, logger: Logger, outputs: OutputSet,
         camera: CameraBackground, idle: IdleController, power: PowerController) {
        self.configuration = configuration
        self.path = path
        self.logger = logger
        self.outputs = outputs
        self.camera = camera
        self.idle = idle
        self.power = power
    }

    /// Opens what the configuration asks for at start: the camera, the outputs beside the first,
    /// and every output's touch devices.
    func start() {
        cameraPicture = Self.pictureIdentity(configuration.camera)
        camera.start(configuration.camera)
        outputs.apply(configuration, firstScene: nil)
    }

    /// Loads the file again and applies it when it is good and different, or a picture it shows was replaced.
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
            refreshPictures()
            restartNeeded = configuration.restartOnlyChanges(to: file)
            // Said at every reload while the file and the running part differ, not only at the first.
            if !restartNeeded.isEmpty {
                logger.warning("\(restartNeeded.joined(separator: ", ")): \(restartAdvice)")
            }
            let new = configuration.reloadable(from: file)
            if let problem = MemoryBudget(new.limits).problem(with: new, displaySize: outputs.first.geometry.panelSize) {
                refused("\(path) not applied; the running config stays: \(problem)")
                return .rejected("\(path): \(problem)")
            }
            lastRefusal = nil
            guard new != configuration else { return unchangedConfiguration(path, "nothing changed that a reload applies") }
            if let problem = apply(new) { return .rejected(problem) }
            logger.notice("reloaded \(path)")
            new.warnings.forEach { logger.warning("\($0)") }
            return .applied
        case .unchanged:
            lastRefusal = nil
            refreshPictures()
            restartNeeded = []
            return unchangedConfiguration(path, "nothing changed")
        case .rejected(let error):
            refused("\(path) not applied; the running config stays:\n\(error)")
            return .rejected("\(error)")
        }
    }

    /// Looks again at the pictures the screens and the camera show, before a new scene is built
    /// (so it draws the new files): an unchanged config with a replaced picture is still a reload
    /// that shows something new.
    private func refreshPictures() {
        picturesChanged = []
        for output in outputs.all {
            let changed = output.sceneHost.refreshPictures()
            if !changed.isEmpty { output.pacer.requestFrame() }
            picturesChanged += changed.filter { !picturesChanged.contains($0) }
        }
        cameraPictureReplaced = Self.pictureIdentity(configuration.camera) != cameraPicture
        if cameraPictureReplaced, let path = configuration.camera.path { picturesChanged.append(path) }
        guard !picturesChanged.isEmpty else { return }
        logger.notice("pictures changed on disk, drawn again: \(picturesChanged.joined(separator: ", "))")
    }

    /// A reload whose config applies nothing new: applied all the same when a picture changed.
    private func unchangedConfiguration(_ path: String, _ what: String) -> ReloadResult {
        guard picturesChanged.isEmpty else {
            if cameraPictureReplaced { restartCamera() }
            logger.notice("reloaded \(path): the config is unchanged, \(picturesChanged.count) picture(s) changed")
            return .applied
        }
        logger.info("reloaded \(path): \(what)")
        return .unchanged
    }

    /// Replaces the scene and restarts what changed; returns why nothing changed when it failed.
    private func apply(_ new: KioskConfiguration) -> String? {
        let old = configuration
        let scene: KioskScene
        do {
            scene = try outputs.first.buildScene(for: new, settings: OutputSet.firstSettings(new), makeSceneBuilder: makeSceneBuilder)
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
        outputs.apply(new, firstScene: scene)
        onSceneReplaced(new)
        if new.camera != old.camera || cameraPictureReplaced { restartCamera() }
        idle.policy = IdlePolicy(new.idle)
        power.apply(new.power)
        return nil
    }

    private func restartCamera() {
        cameraPicture = Self.pictureIdentity(configuration.camera)
        camera.stop()
        camera.start(configuration.camera)
    }

    /// The version of the picture or slideshow folder `[camera]` shows (its source, or its fallback).
    private static func pictureIdentity(_ camera: CameraConfiguration) -> FileIdentity? {
        guard camera.source == .image || camera.fallback == .image, let path = camera.path else { return nil }
        return FileIdentity.of(path: path)
    }

    /// What to do about keys only a restart applies, on a panel.
    static let serviceRestartAdvice = "only a restart applies these: systemctl restart swipe-kiosk"
    /// What this daemon says about them: `preview` restarts itself, not the service.
    var restartAdvice = ConfigApplier.serviceRestartAdvice

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
}
