/// Where a property animator's views end up when it finishes: UIViewAnimatingPosition.
public enum AnimatingPosition: String, Hashable, Sendable {
    /// The values before the animations block ran (a cancelled transition).
    case start
    /// The values the animations block set.
    case end
    /// Wherever the animation was when it was stopped.
    case current
}
