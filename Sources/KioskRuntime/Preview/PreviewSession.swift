import Foundation
import KioskConfig
import KioskDisplay
import KioskEngine
import Logging

/// `swipe-kiosk preview`: the daemon itself (`KioskDaemon`: its scene host, pacing, camera and
/// `ConfigApplier`) on a desktop window, with a file watcher that calls the same reload as SIGHUP
/// whenever the config or a picture it shows is saved, and the error overlay.
///
/// A good save rebuilds the screens, keeping the one on show when it still exists; a save with
/// errors keeps the last good screens and lists the errors over them until the next good save.
public final class PreviewSession: KioskDaemonObserver {
    public let configPath: String
    private let log: @Sendable (String) -> Void
    private let daemon: KioskDaemon
    private let watcher: ConfigWatcher
    /// The errors of the last save, over the screens, until a save is good again.
    private var overlay: View?
    /// When the last save was seen, until its frame is on the screen.
    private var saveSeenAt: Double?

    /// Opens the window for the config at `configPath`; throws its errors when it does not load.
    public init(configPath: String, log: @escaping @Sendable (String) -> Void) throws {
        self.configPath = configPath
        self.log = log
        let configuration = try ConfigurationLoader.load(path: configPath).get()
        var options = configuration.display.displayOptions(backendOverride: .sdl)
        options.windowTitle = "swipe-kiosk preview: \(configPath)"
        let display = try SDLDisplay(options: options, title: options.windowTitle)
        let logger = Logger(label: "preview") { _ in PreviewLogHandler(write: log) }
        var parts = try DaemonParts.window(display, logger: logger)
        // The desk's own backlight is not the panel's: dimming and `[power]` leave it alone.
        parts.opensBacklight = false
        daemon = try KioskDaemon(configuration: configuration, configPath: configPath, parts: parts, logger: logger)
        daemon.applier.restartAdvice = "only restarting the preview applies these"
        watcher = try ConfigWatcher(configPath: configPath, files: Self.referencedFiles(configuration))
    }

    /// The geometry the window opens at for `configuration`: its texture is `[display]`'s mode,
    /// else its size (see `SDLDisplay`), turned by its rotation, as every command has it.
    public static func geometry(for configuration: KioskConfiguration) -> SceneGeometry {
        SceneRoot(configuration: configuration).geometry
    }

    /// Runs until the window is closed or SIGINT/SIGTERM; returns the exit status.
    public func run() throws -> Int32 {
        try daemon.eventLoop.watch(watcher.fileDescriptor) { [unowned self] in configChanged() }
        daemon.addObserver(self)
        let size = daemon.geometry.panelSize
        log("preview: \(daemon.screenNames.count) screens at \(size.width)x\(size.height); "
            + "drag with the mouse to swipe, arrow keys for the previous/next screen; watching \(configPath)")
        return try daemon.run()
    }

    // MARK: - Reloading

    private func configChanged() {
        guard watcher.readChanges() else { return }
        let seen = MonotonicClock.now()
        let result = daemon.reload()
        switch result {
        case .applied:
            removeOverlay()
            saveSeenAt = seen
        case .unchanged:
            if removeOverlay() { saveSeenAt = seen }
        case .rejected(let errors):
            showErrors(errors)
            saveSeenAt = seen
        case .noConfigFile:
            break
        }
        try? watcher.watch([configPath] + Self.referencedFiles(daemon.configuration))
    }

    private func showErrors(_ errors: String) {
        overlay?.removeFromSuperview()
        let view = ErrorOverlay.makeView(text: errors, size: daemon.geometry.logicalSize)
        // Over the screens on show; a good save that replaces them takes the overlay with them.
        daemon.sceneHost.scene.rootView.addSubview(view)
        overlay = view
        daemon.pacer.requestFrame()
    }

    /// Takes the errors away; false when none were shown.
    @discardableResult
    private func removeOverlay() -> Bool {
        guard let overlay else { return false }
        overlay.removeFromSuperview()
        self.overlay = nil
        daemon.pacer.requestFrame()
        return true
    }

    /// The pictures a config shows, whose edits should reload it too.
    private static func referencedFiles(_ configuration: KioskConfiguration) -> [String] {
        var files = configuration.screens.flatMap(\.elements).compactMap { element -> String? in
            if case .image(let image) = element.kind { return image.path }
            return nil
        }
        if let path = configuration.camera.path { files.append(path) }
        return files.filter { FileManager.default.fileExists(atPath: $0) }
    }

    // MARK: - KioskDaemonObserver

    public func framePresented(composeSeconds: Double) {
        guard let saveSeenAt else { return }
        log(String(format: "the save is on the screen %.0f ms after it was seen", (MonotonicClock.now() - saveSeenAt) * 1000))
        self.saveSeenAt = nil
    }
}
