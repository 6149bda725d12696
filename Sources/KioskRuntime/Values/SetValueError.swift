import KioskConfig
import KioskEngine

/// Why `KioskDaemon.setValue(_:to:)` was refused.
public enum SetValueError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The running config has no `[[value]]` of that name.
    case noSuchValue(String, values: [String])
    /// The value gets its text from its own source, not from outside.
    case notSettable(String, source: ValueSourceKind)
    /// The text is longer than `ValueTextLimit.bytes` UTF-8 bytes.
    case tooLong(String, bytes: Int)

    public var description: String {
        switch self {
        case .noSuchValue(let name, let values):
            "no value named \"\(MessageText.shortened(name))\"; values: " + (values.isEmpty ? "none ([[value]] defines them)" : values.map { "\"\(MessageText.shortened($0))\"" }.joined(separator: ", "))
        case .notSettable(let name, let source):
            "value \"\(MessageText.shortened(name))\" has source \"\(source.rawValue)\": only a \"dbus\" value can be set"
        case .tooLong(let name, let bytes):
            "the text for value \"\(MessageText.shortened(name))\" is \(bytes) bytes, more than the \(ValueTextLimit.bytes) a value may hold; send a shorter text"
        }
    }
}
