/// What a button does when it is pressed.
public enum ButtonAction: Hashable, Sendable {
    /// Runs the transition to the named screen.
    case screen(String)
    /// Emits `ButtonPressed(screen, button)` on the D-Bus interface.
    case signal
    /// Runs the command (no shell), one run at a time; its exit status goes out as `ActionFinished`.
    case exec(CommandSpec)
    /// Publishes `payload` on `topic` through `[mqtt]`'s broker.
    case mqtt(topic: String, payload: String)

    /// The word `action = "..."` names it by.
    public var kind: ButtonActionKind {
        switch self {
        case .screen: .screen
        case .signal: .signal
        case .exec: .exec
        case .mqtt: .mqtt
        }
    }
}

/// The words `action` accepts.
public enum ButtonActionKind: String, CaseIterable, Sendable {
    case screen, signal, exec, mqtt
}
