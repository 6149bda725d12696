/// Where each line of text sits across its bounds.
public enum TextAlignment: String, CaseIterable, Hashable, Sendable {
    /// Absolute: the left edge, whatever the text's direction.
    case left
    case center
    /// Absolute: the right edge, whatever the text's direction.
    case right
    /// The edge a paragraph begins at: left for left-to-right text, right for right-to-left text.
    case start
    /// The edge a paragraph ends at: right for left-to-right text, left for right-to-left text.
    case end
}
