/// Why an interactive transition refused a setting.
public enum InteractiveTransitionError: Error, Hashable, Sendable, CustomStringConvertible {
    case invalidCompletionSpeed(Double)

    public var description: String {
        switch self {
        case let .invalidCompletionSpeed(speed):
            return "completion speed \(speed) is not positive; use a value above 0 (1 = the transition's own speed)"
        }
    }
}
