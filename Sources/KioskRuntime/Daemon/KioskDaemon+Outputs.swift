import KioskConfig
import KioskDisplay
import KioskEngine
import KioskOptions

/// Every output as a control service sees it, the first output (the touch deck) first. Call on the loop.
extension KioskDaemon {
    /// The first output's scene and its transitions.
    var sceneHost: SceneHost { outputs.first.sceneHost }
    /// The first output's frames.
    var pacer: RenderPacer { outputs.first.pacer }
    /// The geometry the first output's scene is composed at: the display's size as it opened, `[display] rotation`.
    public var geometry: SceneGeometry { outputs.first.geometry }

    /// The first output's name: its configured connector, the DRM connector that opened, or the backend's name.
    static func firstOutputName(_ configuration: DisplayConfiguration, _ display: any Display, _ backend: DisplayBackend) -> String {
        if let connector = configuration.outputs.first?.connector, connector != "*" { return connector }
        if let connector = configuration.connector { return connector }
        return (display as? DRMDisplay)?.connectorName ?? backend.rawValue
    }

    /// The first output's name (see `firstOutputName`).
    public var mainOutputName: String { outputs.first.name }

    /// Every output's name, the first output first.
    public var outputNames: [String] { outputs.all.map(\.name) }

    /// Every output: name, connection, mode, rotation and the screen it shows.
    public var outputStatuses: [OutputStatus] { outputs.all.map(\.status) }

    /// The screen `output` shows; nil for an output that is not running.
    public func currentScreen(ofOutput output: String) -> String? {
        outputs.output(named: output)?.currentScreen
    }

    /// The screens of `output`'s deck, in order.
    public func screenNames(ofOutput output: String) -> [String]? {
        outputs.output(named: output)?.screenNames
    }

    /// Goes to `screen` on `output`, as a tab button does; refused while its transition or a pan
    /// runs. Going to the screen already on show does nothing.
    public func goTo(output: String, screen: String, animated: Bool) throws(GoToError) {
        guard let found = outputs.output(named: output) else { throw .noSuchOutput(output, outputs: outputNames) }
        try found.goTo(screen, animated: animated)
        idle.touched()
    }

    /// The last frame `output` showed, upright (or as scanned out); nil for an output that is not running.
    public func lastFrame(ofOutput output: String, upright: Bool) -> PixelBuffer? {
        guard let found = outputs.output(named: output) else { return nil }
        return upright ? found.lastUprightFrame : found.lastFrame
    }

    /// Frames `output` presented so far.
    public func framesPresented(ofOutput output: String) -> Int? {
        outputs.output(named: output)?.framesPresented
    }
}
