import KioskEngine

/// `[indicator]`: the page dots showing which screen is up; they follow the swipe.
public struct IndicatorConfiguration: Hashable, Sendable {
    public var enabled = true
    public var position: VerticalEdge = .bottom
    /// Dot diameter in pixels.
    public var size = 10
    /// Pixels between dot centres.
    public var spacing = 22
    /// Pixels from the screen edge to the dots' centre line.
    public var margin = 28
    /// The current screen's dot; a screen's `indicator-color` overrides it while that screen is up.
    public var color: Color = .white
    public var inactiveColor = Color(r: 255, g: 255, b: 255, a: 110)

    /// Every setting at its default, as an omitted section reads.
    public init() {}

    init(reading table: TableReader) {
        enabled = table.bool("enabled", default: enabled)
        position = table.choice("position", default: position)
        size = table.integer("size", default: size, in: 1...256)
        spacing = table.integer("spacing", default: spacing, in: 1...1024)
        margin = table.integer("margin", default: margin, in: 0...4096)
        color = table.color("color", default: color)
        inactiveColor = table.color("inactive-color", default: inactiveColor)
        table.finishReading()
    }
}
