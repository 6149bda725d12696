/// Gathers every problem of one load, each placed at the key or value it concerns.
final class DiagnosticCollector {
    let fileName: String
    private let text: String
    /// Where every key and value is written: scanned at the first problem that needs a place, so a
    /// file without problems (every reload of a good config) is read once, by the parser.
    private(set) lazy var locator = SourceLocator(text: text)
    private(set) var diagnostics: [ConfigDiagnostic] = []
    /// Problems that do not stop the load, such as a deprecated key.
    private(set) var warnings: [ConfigDiagnostic] = []

    init(fileName: String, text: String) {
        self.fileName = fileName
        self.text = text
    }

    /// A problem with a value (its type, range or spelling): placed where the value starts.
    func valueError(_ message: String, at path: ConfigPath) {
        add(message, at: locator.valuePosition(of: path))
    }

    /// A problem with a key itself (unknown, or a required one missing): placed at the key or its table.
    func keyError(_ message: String, at path: ConfigPath) {
        add(message, at: locator.keyPosition(of: path))
    }

    /// A key that still works but should change (deprecated): placed at the key.
    func warning(_ message: String, at path: ConfigPath) {
        warnings.append(ConfigDiagnostic(file: fileName, position: locator.keyPosition(of: path), message: message))
    }

    func add(_ message: String, at position: SourcePosition?) {
        diagnostics.append(ConfigDiagnostic(file: fileName, position: position ?? SourcePosition(line: 1, column: 1),
                                            message: message))
    }

    var sortedDiagnostics: [ConfigDiagnostic] {
        diagnostics.enumerated().sorted { lhs, rhs in
            let left = lhs.element.position ?? SourcePosition(line: 0, column: 0)
            let right = rhs.element.position ?? SourcePosition(line: 0, column: 0)
            return left == right ? lhs.offset < rhs.offset : left < right
        }.map(\.element)
    }
}
