import KioskEngine

/// `type = "card"`: a rounded panel filled with a colour or a gradient, with an optional title and body.
public struct CardElement: Hashable, Sendable {
    /// One colour fills the card; more make a gradient in `direction`.
    public var colors: [Color] = [.white]
    public var direction: GradientDirection = .vertical
    public var cornerRadius: Double = 24
    public var shadow = true
    public var title: String?
    public var text: String?
    public var titleStyle = TextStyle(size: 34, weight: .bold, color: .black, alignment: .center)
    public var textStyle = TextStyle(size: 20, color: .black, alignment: .center)
    /// Pixels between the card's edge and its text.
    public var padding: Double = 24

    /// A white card with every setting at its default.
    public init() {}

    init(reading table: TableReader) {
        let single = table.color("color")
        let gradient = GradientElement.readColors(table, required: false)
        if single != nil && gradient != nil {
            table.valueError("colors", "give either 'color' or 'colors', not both")
        }
        colors = gradient ?? single.map { [$0] } ?? colors
        direction = table.choice("direction", default: direction)
        cornerRadius = table.number("corner-radius", default: cornerRadius, in: 0...8192)
        shadow = table.bool("shadow", default: shadow)
        title = table.string("title")
        text = table.string("text")
        titleStyle.size = table.number("title-size", default: titleStyle.size, in: 4...512)
        textStyle = TextStyle(reading: table, defaults: textStyle, colorKey: "text-color")
        titleStyle.color = textStyle.color
        titleStyle.font = textStyle.font
        titleStyle.alignment = textStyle.alignment
        titleStyle.overflow = textStyle.overflow
        padding = table.number("padding", default: padding, in: 0...4096)
    }
}
