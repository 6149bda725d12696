/// The life cycle of a property animator: UIViewAnimatingState.
public enum AnimatorState: String, Hashable, Sendable {
    /// Not started, or finished: its completions have run.
    case inactive
    /// Running or paused; `fractionComplete` can be scrubbed only while paused.
    case active
    /// Stopped with `stopAnimation(false)`, waiting for `finishAnimation(at:)`.
    case stopped
}
