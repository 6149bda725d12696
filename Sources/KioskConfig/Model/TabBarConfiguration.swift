import KioskEngine

/// `[tabs]`: a bar of buttons, one per screen; a tap runs the transition to it without a finger.
public struct TabBarConfiguration: Hashable, Sendable {
    public var enabled = false
    public var position: VerticalEdge = .bottom
    /// Bar height in pixels.
    public var height = 64
    public var background = Color(r: 0, g: 0, b: 0, a: 140)
    public var textColor = Color(r: 255, g: 255, b: 255, a: 170)
    public var selectedColor: Color = .white
    public var fontSize: Double = 18
    /// Empty: one tab per screen, in screen order.
    public var tabs: [TabConfiguration] = []

    /// Every setting at its default, as an omitted section reads.
    public init() {}

    init(reading table: TableReader) {
        enabled = table.bool("enabled", default: enabled)
        position = table.choice("position", default: position)
        height = table.integer("height", default: height, in: 16...1024)
        background = table.color("background", default: background)
        textColor = table.color("text-color", default: textColor)
        selectedColor = table.color("selected-color", default: selectedColor)
        fontSize = table.number("font-size", default: fontSize, in: 4...256)
        tabs = table.tables("tab").map(TabConfiguration.init(reading:))
        table.finishReading()
    }
}
