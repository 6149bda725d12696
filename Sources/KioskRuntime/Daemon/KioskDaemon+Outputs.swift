import KioskDisplay
import KioskEngine

/// Several outputs as a control service sees them: the first output (the touch deck) by its
/// name, and each `[[display.output]]` beside it. Call on the loop.
extension KioskDaemon {
    /// The first output's name: its configured connector, the DRM connector that opened, or the backend's name.
    public var mainOutputName: String {
        if let connector = configuration.display.outputs.first?.connector, connector != "*" { return connector }
        if let connector = configuration.display.connector { return connector }
        return (display as? DRMDisplay)?.connectorName ?? displayBackend.rawValue
    }

    /// Every output's name, the first output first.
    public var outputNames: [String] { [mainOutputName] + outputs.decks.map(\.name) }

    /// Every output: name, connection, mode, rotation and the screen it shows.
    public var outputStatuses: [OutputStatus] {
        [OutputStatus(name: mainOutputName, connected: display.isOutputConnected, mode: displayMode,
                      rotation: configuration.display.rotation.degrees, screen: currentScreen)]
            + outputs.decks.map {
                OutputStatus(name: $0.name, connected: $0.display.isOutputConnected, mode: $0.mode, rotation: $0.output.rotation.degrees, screen: $0.currentScreen)
            }
    }

    /// The screen `output` shows; nil for an output that is not running.
    public func currentScreen(ofOutput output: String) -> String? {
        output == mainOutputName ? currentScreen : outputs.deck(named: output)?.currentScreen
    }

    /// The screens of `output`'s deck, in order.
    public func screenNames(ofOutput output: String) -> [String]? {
        output == mainOutputName ? screenNames : outputs.deck(named: output)?.screenNames
    }

    /// Goes to `screen` on `output` (the first output: as `goTo(_:animated:)`).
    public func goTo(output: String, screen: String, animated: Bool) throws(GoToError) {
        if output == mainOutputName { return try goTo(screen, animated: animated) }
        guard let deck = outputs.deck(named: output) else { throw .noSuchOutput(output, outputs: outputNames) }
        try deck.goTo(screen, animated: animated)
        idle.touched()
    }

    /// The last frame `output` showed, upright (or as scanned out); nil for an output that is not running.
    public func lastFrame(ofOutput output: String, upright: Bool) -> PixelBuffer? {
        if output == mainOutputName { return upright ? lastUprightFrame : lastFrame }
        guard let deck = outputs.deck(named: output) else { return nil }
        return upright ? deck.lastUprightFrame : deck.lastFrame
    }

    /// Frames `output` presented so far.
    public func framesPresented(ofOutput output: String) -> Int? {
        output == mainOutputName ? Int(pacer.composeTimes.count) : outputs.deck(named: output)?.framesPresented
    }
}
