/// A clockwise quarter-turn rotation, of the panel or of a touch device's axes.
public enum Rotation: Int, CaseIterable, Sendable {
    case none = 0
    case quarter = 90
    case half = 180
    case threeQuarters = 270

    public var degrees: Int { rawValue }
}
