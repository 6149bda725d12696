extension KioskConfiguration {
    /// An `mqtt` value or button needs `[mqtt] broker`: without one it could never show or send anything.
    func checkMqttUsers(valueTables: [TableReader], screenTables: [TableReader], diagnostics: DiagnosticCollector) {
        guard mqtt.broker == nil else { return }
        let hint = "source \"mqtt\" needs [mqtt] broker = \"mqtt://host:1883\""
        for (value, table) in zip(values, valueTables) where value.source.kind == .mqtt {
            diagnostics.valueError("value \"\(value.name)\": \(hint)", at: table.path.appending("source"))
        }
        func check(_ elements: [ElementConfiguration], at elementsPath: ConfigPath) {
            for (index, element) in elements.enumerated() {
                let path = elementsPath.appending(index: index)
                switch element.kind {
                case .button(let button) where button.action.kind == .mqtt:
                    diagnostics.valueError("button \"\(button.displayName)\": action \"mqtt\" needs [mqtt] broker = \"mqtt://host:1883\"",
                                           at: path.appending("action"))
                case .scroll(let scroll):
                    check(scroll.content, at: path.appending("content"))
                default:
                    break
                }
            }
        }
        for (screen, table) in zip(screens, screenTables) {
            check(screen.elements, at: table.path.appending("element"))
        }
    }

    /// Home Assistant keeps one entity per discovery id: two announced buttons whose screen and
    /// button names map to the same id (`a_b`/`c` and `a`/`b_c`, or `a b` and `a_b`) would share
    /// one. The second is refused at its name, naming the first. (Value names are ASCII letters,
    /// digits, `_` and `-`, so their ids never collide.)
    func checkDiscoveryIDs(screenTables: [TableReader], diagnostics: DiagnosticCollector) {
        guard mqtt.homeAssistant else { return }
        var buttonIDs: [String: (screen: String, button: String)] = [:]
        func check(_ elements: [ElementConfiguration], screen: String, at elementsPath: ConfigPath) {
            for (index, element) in elements.enumerated() {
                let path = elementsPath.appending(index: index)
                switch element.kind {
                case .button(let button) where button.mayBePressedRemotely:
                    let id = MqttConfiguration.discoveryID(screen: screen, button: button.displayName)
                    if let first = buttonIDs[id] {
                        diagnostics.valueError("button \"\(button.displayName)\" on screen \"\(screen)\" has the same Home Assistant id (\(id)) "
                                               + "as button \"\(first.button)\" on screen \"\(first.screen)\"; rename one",
                                               at: path.appending(button.name.isEmpty ? "title" : "name"))
                    } else {
                        buttonIDs[id] = (screen, button.displayName)
                    }
                case .scroll(let scroll):
                    check(scroll.content, screen: screen, at: path.appending("content"))
                default:
                    break
                }
            }
        }
        for (screen, table) in zip(screens, screenTables) {
            check(screen.elements, screen: screen.name, at: table.path.appending("element"))
        }
    }
}
