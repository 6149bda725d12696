import KioskConfig

/// Why `KioskDaemon.setValue(_:to:)` was refused.
public enum SetValueError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The running config has no `[[value]]` of that name.
    case noSuchValue(String, values: [String])
    /// The value gets its text from its own source, not from outside.
    case notSettable(String, source: ValueSourceKind)

    public var description: String {
        switch self {
        case .noSuchValue(let name, let values):
            "no value named \"\(name)\"; values: " + (values.isEmpty ? "none ([[value]] defines them)" : values.map { "\"\($0)\"" }.joined(separator: ", "))
        case .notSettable(let name, let source):
            "value \"\(name)\" has source \"\(source.rawValue)\": only a \"dbus\" value can be set"
        }
    }
}
