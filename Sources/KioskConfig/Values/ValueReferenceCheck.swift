/// Checks `[[value]]` names (unique) and every placeholder in a text the user sees: each brace
/// closes and each `{name}` names a value, reported at the placeholder's own line and column.
struct ValueReferenceCheck {
    let values: [ValueConfiguration]
    let diagnostics: DiagnosticCollector

    func check(_ configuration: KioskConfiguration, valueTables: [TableReader], screenTables: [TableReader]) {
        var firstLine: [String: Int] = [:]
        for (value, table) in zip(values, valueTables) where !value.name.isEmpty {
            let path = table.path.appending("name")
            if let line = firstLine[value.name] {
                diagnostics.valueError("duplicate value name \"\(value.name)\" (first used on line \(line))", at: path)
            } else {
                firstLine[value.name] = diagnostics.locator.valuePosition(of: path)?.line ?? 0
            }
        }
        for (screen, table) in zip(configuration.screens, screenTables) {
            if let title = screen.title { checkText(title, at: table.path.appending("title")) }
            checkElements(screen.elements, at: table.path.appending("element"))
        }
        for (index, tab) in configuration.tabs.tabs.enumerated() {
            guard let title = tab.title else { continue }
            checkText(title, at: ConfigPath.root.appending("tabs").appending("tab").appending(index: index).appending("title"))
        }
    }

    private func checkElements(_ elements: [ElementConfiguration], at elementsPath: ConfigPath) {
        for (index, element) in elements.enumerated() {
            let path = elementsPath.appending(index: index)
            switch element.kind {
            case .text(let text):
                checkText(text.text, at: path.appending("text"))
            case .card(let card):
                if let title = card.title { checkText(title, at: path.appending("title")) }
                if let text = card.text { checkText(text, at: path.appending("text")) }
            case .button(let button):
                checkText(button.title, at: path.appending("title"))
            case .scroll(let scroll):
                checkElements(scroll.content, at: path.appending("content"))
            case .web(let web):
                checkText(web.url, at: path.appending("url"))
            case .color, .gradient, .image, .video:
                break
            }
        }
    }

    private func checkText(_ text: String, at path: ConfigPath) {
        let names = values.map(\.name)
        do {
            let template = try TextTemplate(parsing: text)
            for (name, offset) in template.placeholders where !names.contains(name) {
                let known = names.isEmpty ? "no [[value]] is defined" : "values: " + names.map { "\"\($0)\"" }.joined(separator: ", ")
                report("\(path): {\(name)} names no value; \(known)" + TableReader.hint(for: name, among: names),
                       at: path, offset: offset)
            }
        } catch {
            report("\(path): \(error.message)", at: path, offset: error.offset)
        }
    }

    /// Places the message on the character `offset` places into the string's text (after its quote).
    private func report(_ message: String, at path: ConfigPath, offset: Int) {
        guard let start = diagnostics.locator.valuePosition(of: path) else { return diagnostics.valueError(message, at: path) }
        diagnostics.add(message, at: SourcePosition(line: start.line, column: start.column + 1 + offset))
    }
}
