import KioskEngine

/// How text is drawn: shared by text elements, cards and buttons.
public struct TextStyle: Hashable, Sendable {
    /// A fontconfig family list, most wanted first ("Noto Sans, Noto Sans CJK SC").
    public var font = "Sans"
    /// Pixels.
    public var size: Double = 24
    public var weight: FontWeight = .regular
    public var color: Color = .white
    public var alignment: TextAlignment = .left
    /// nil: as many lines as the frame's height holds.
    public var maxLines: Int?
    public var overflow: TextOverflow = .clip
    /// Distance between baselines as a multiple of the font's line height.
    public var lineSpacing: Double = 1

    public init(font: String = "Sans", size: Double = 24, weight: FontWeight = .regular,
                color: Color = .white, alignment: TextAlignment = .left, maxLines: Int? = nil,
                overflow: TextOverflow = .clip, lineSpacing: Double = 1) {
        self.font = font
        self.size = size
        self.weight = weight
        self.color = color
        self.alignment = alignment
        self.maxLines = maxLines
        self.overflow = overflow
        self.lineSpacing = lineSpacing
    }

    /// Reads `font`, `font-size`, `weight`, `<colorKey>`, `align`, `max-lines`, `overflow` and
    /// `line-spacing`, over the given defaults.
    init(reading table: TableReader, defaults: TextStyle, colorKey: String = "color") {
        self = defaults
        font = table.nonEmptyString("font", default: font)
        size = table.number("font-size", default: size, in: 4...512)
        weight = table.choice("weight", default: weight)
        color = table.color(colorKey, default: color)
        alignment = table.choice("align", default: alignment)
        maxLines = table.integer("max-lines", in: 1...1000) ?? maxLines
        overflow = table.choice("overflow", default: overflow)
        lineSpacing = table.number("line-spacing", default: lineSpacing, in: 0.5...4)
    }
}
