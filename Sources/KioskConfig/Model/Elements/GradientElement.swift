import KioskEngine

/// `type = "gradient"`: colours evenly spaced along a direction.
public struct GradientElement: Hashable, Sendable {
    /// Two or more colours.
    public var colors: [Color]
    public var direction: GradientDirection = .vertical
    public var cornerRadius: Double = 0

    public init(colors: [Color], direction: GradientDirection = .vertical, cornerRadius: Double = 0) {
        self.colors = colors
        self.direction = direction
        self.cornerRadius = cornerRadius
    }

    init(reading table: TableReader) {
        colors = Self.readColors(table, required: true) ?? [.black, .white]
        direction = table.choice("direction", default: direction)
        cornerRadius = table.number("corner-radius", default: cornerRadius, in: 0...8192)
    }

    /// `colors = [...]` with at least two entries; shared with cards.
    static func readColors(_ table: TableReader, required: Bool) -> [Color]? {
        guard table.contains("colors") else {
            _ = table.colors("colors")
            if required {
                table.diagnostics.keyError("a gradient needs 'colors': a list of two or more colours", at: table.path)
            }
            return nil
        }
        guard let colors = table.colors("colors") else { return nil }
        guard colors.count >= 2 else {
            table.valueError("colors", "a gradient needs two or more colours, found \(colors.count)")
            return nil
        }
        return colors
    }
}
