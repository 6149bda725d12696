import KioskEngine

/// An element's frame in pixels within its screen (or scroll content); an omitted width or height
/// stretches to the container's far edge.
public struct ElementFrame: Hashable, Sendable {
    public var x: Double = 0
    public var y: Double = 0
    public var width: Double?
    public var height: Double?

    public init(x: Double = 0, y: Double = 0, width: Double? = nil, height: Double? = nil) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The frame in a container of `size`, open sides stretched to its edges.
    public func rect(in size: Size) -> Rect {
        Rect(x: x, y: y, width: width ?? max(0, size.width - x), height: height ?? max(0, size.height - y))
    }

    init(reading table: TableReader) {
        let coordinates = -16384.0...16384.0
        x = table.number("x", default: x, in: coordinates)
        y = table.number("y", default: y, in: coordinates)
        width = table.number("width", in: 0...16384)
        height = table.number("height", in: 0...16384)
    }
}
