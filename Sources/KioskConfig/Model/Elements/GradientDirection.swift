/// The direction a gradient's colours run in.
public enum GradientDirection: String, CaseIterable, Sendable {
    /// Top to bottom.
    case vertical
    /// Left to right.
    case horizontal
    /// Top-left to bottom-right.
    case diagonal
}
