import KioskEngine

/// Why `KioskDaemon.goTo(_:animated:)` was refused.
public enum GoToError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A transition (or a finger's pan) is under way; try again when it has ended.
    case busy
    /// The running config has no screen of that name.
    case noSuchScreen(String)
    /// No output of that name runs; `outputs` are those that do.
    case noSuchOutput(String, outputs: [String])

    public var description: String {
        switch self {
        case .busy: "a transition is running; try again when it has ended"
        case .noSuchScreen(let name): "no screen is called \"\(MessageText.shortened(name))\""
        case .noSuchOutput(let name, let outputs):
            "no output is called \"\(MessageText.shortened(name))\"; outputs: " + outputs.map { "\"\($0)\"" }.joined(separator: ", ")
        }
    }
}
