import KioskEngine

/// `type = "color"`: a filled, optionally rounded rectangle.
public struct ColorElement: Hashable, Sendable {
    public var color: Color = .white
    public var cornerRadius: Double = 0

    public init(color: Color = .white, cornerRadius: Double = 0) {
        self.color = color
        self.cornerRadius = cornerRadius
    }

    init(reading table: TableReader) {
        color = table.color("color", default: color)
        cornerRadius = table.number("corner-radius", default: cornerRadius, in: 0...8192)
    }
}
