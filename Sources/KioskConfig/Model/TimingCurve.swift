/// The timing curve of a transition's animation.
public enum TimingCurve: String, CaseIterable, Sendable {
    case linear
    case easeIn = "ease-in"
    case easeOut = "ease-out"
    case easeInOut = "ease-in-out"
    /// A critically damped spring (see `TransitionConfiguration.springDamping`).
    case spring
}
