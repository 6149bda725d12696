/// A block of text laid out inside the view's bounds.
public struct TextContent: Hashable, Sendable {
    public var string: String
    /// Pixels, not points.
    public var fontSize: Double
    public var color: Color
    public var alignment: TextAlignment
    public var bold: Bool
    /// A fontconfig family list, most wanted first ("Noto Sans, Noto Sans CJK SC"); glyphs none of
    /// them has come from fontconfig's fallback.
    public var fontFamily: String
    /// At most this many lines are drawn; nil: as many as the bounds' height holds (one at least).
    public var maxLines: Int?
    /// What happens to text beyond the last line drawn.
    public var overflow: TextOverflow
    /// Distance between baselines as a multiple of the font's own line height.
    public var lineSpacing: Double

    public init(_ string: String, fontSize: Double = 32, color: Color = .white, alignment: TextAlignment = .center,
                bold: Bool = false, fontFamily: String = "Sans", maxLines: Int? = nil,
                overflow: TextOverflow = .clip, lineSpacing: Double = 1) {
        self.string = string
        self.fontSize = fontSize
        self.color = color
        self.alignment = alignment
        self.bold = bold
        self.fontFamily = fontFamily
        self.maxLines = maxLines
        self.overflow = overflow
        self.lineSpacing = lineSpacing
    }
}
