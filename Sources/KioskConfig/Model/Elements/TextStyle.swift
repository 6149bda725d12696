import KioskEngine

/// How text is drawn: shared by text elements, cards and buttons.
public struct TextStyle: Hashable, Sendable {
    /// A fontconfig family name.
    public var font = "Sans"
    public var size: Double = 24
    public var weight: FontWeight = .regular
    public var color: Color = .white
    public var alignment: TextAlignment = .left

    public init(font: String = "Sans", size: Double = 24, weight: FontWeight = .regular,
                color: Color = .white, alignment: TextAlignment = .left) {
        self.font = font
        self.size = size
        self.weight = weight
        self.color = color
        self.alignment = alignment
    }

    /// Reads `font`, `font-size`, `weight`, `<colorKey>` and `align`, over the given defaults.
    init(reading table: TableReader, defaults: TextStyle, colorKey: String = "color") {
        self = defaults
        font = table.nonEmptyString("font") ?? font
        size = table.number("font-size", default: size, in: 4...512)
        weight = table.choice("weight", default: weight)
        color = table.color(colorKey, default: color)
        alignment = table.choice("align", default: alignment)
    }
}
