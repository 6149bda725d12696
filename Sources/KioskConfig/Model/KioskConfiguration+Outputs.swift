import KioskEngine

/// `[[display.output]]` as the rest of the file sees it: the decks name screens that exist, and
/// `[[input.device]] output` names an output.
extension KioskConfiguration {
    /// The configuration an output beside the first is built from: the screens `output.screens`
    /// names, in that order (home: `home` when it is among them, else the first), with the tabs
    /// that lead to them; every screen for `"main"`. Without the camera: its feed is captured at
    /// the first output's size, and the screens' own backgrounds show instead.
    public func deck(for output: OutputConfiguration) -> KioskConfiguration {
        var deck = self
        deck.camera.source = .none
        guard case .deck(let names) = output.screens else { return deck }
        deck.screens = names.compactMap { name in screens.first { $0.name == name } }
        if deck.screens.isEmpty { deck.screens = [homeScreen] }
        let kept = Set(deck.screens.map(\.name))
        if !kept.contains(home) { deck.home = deck.screens[0].name }
        deck.tabs.tabs = tabs.tabs.filter { kept.contains($0.screen) }
        // A button leading off the deck leads nowhere there; the deck's screens keep their other buttons.
        for index in deck.screens.indices {
            deck.screens[index].elements = deck.screens[index].elements.filter { element in
                guard case .button(let button) = element.kind, let target = button.target else { return true }
                return kept.contains(target)
            }
        }
        return deck
    }

    func checkOutputReferences(diagnostics: DiagnosticCollector) {
        let names = screens.map(\.name).filter { !$0.isEmpty }
        let outputsPath = ConfigPath.root.appending("display").appending("output")
        for (index, output) in display.outputs.enumerated() {
            guard case .deck(let deck) = output.screens else { continue }
            for (position, name) in deck.enumerated() where !names.contains(name) {
                diagnostics.valueError("[[display.output]] \(index + 1) screens names screen \"\(MessageText.shortened(name))\", "
                                       + "which does not exist; screens: " + names.map { "\"\(MessageText.shortened($0))\"" }
                                           .joined(separator: ", ") + TableReader.hint(for: name, among: names),
                                       at: outputsPath.appending(index: index).appending("screens").appending(index: position))
            }
        }
        var connectors: [String] = []
        for output in display.outputs where output.connector != "*" && !output.connector.isEmpty && !connectors.contains(output.connector) {
            connectors.append(output.connector)
        }
        let devicesPath = ConfigPath.root.appending("input").appending("device")
        for (index, device) in input.calibrations.enumerated() {
            guard let output = device.output, !connectors.contains(output) else { continue }
            let known = connectors.isEmpty ? "there is no [[display.output]] with a connector name"
                : "outputs: " + connectors.map { "\"\($0)\"" }.joined(separator: ", ") + TableReader.hint(for: output, among: connectors)
            diagnostics.valueError("[[input.device]] \(index + 1) output names \"\(MessageText.shortened(output))\", "
                                   + "which is not an output's connector; \(known)",
                                   at: devicesPath.appending(index: index).appending("output"))
        }
    }
}
