/// A timing curve by the name the config file uses (`[transition] curve`).
public enum TimingCurvePreset: String, CaseIterable, Hashable, Sendable {
    case linear
    case easeIn = "ease-in"
    case easeOut = "ease-out"
    case easeInOut = "ease-in-out"
    /// A damped spring; `springDamping` sets how much it overshoots (1 settles without).
    case spring

    /// The curve this name stands for, a spring with `springDamping` starting at rest.
    public func curve(springDamping: Double) -> TimingCurve {
        switch self {
        case .linear: .linear
        case .easeIn: .easeIn
        case .easeOut: .easeOut
        case .easeInOut: .easeInOut
        case .spring: .spring(dampingRatio: springDamping, initialVelocity: 0)
        }
    }
}
