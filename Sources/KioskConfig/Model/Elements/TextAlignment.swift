/// Horizontal alignment of text within its frame.
public enum TextAlignment: String, CaseIterable, Sendable {
    case left
    case center
    case right
}
