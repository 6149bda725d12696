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
}
