/// A rectangle of a view in its own pixels (damage of a `frame`).
public struct WebRect: Equatable, Hashable, Sendable {
    public var x: Int32
    public var y: Int32
    public var width: Int32
    public var height: Int32

    public init(x: Int32, y: Int32, width: Int32, height: Int32) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The smallest rectangle holding all of `rects` (nil when there are none).
    public static func bounds(of rects: [WebRect]) -> WebRect? {
        guard let first = rects.first else { return nil }
        var minX = Int64(first.x), minY = Int64(first.y)
        var maxX = minX + Int64(first.width), maxY = minY + Int64(first.height)
        for rect in rects.dropFirst() {
            minX = min(minX, Int64(rect.x))
            minY = min(minY, Int64(rect.y))
            maxX = max(maxX, Int64(rect.x) + Int64(rect.width))
            maxY = max(maxY, Int64(rect.y) + Int64(rect.height))
        }
        return WebRect(x: Int32(clamping: minX), y: Int32(clamping: minY),
                       width: Int32(clamping: maxX - minX), height: Int32(clamping: maxY - minY))
    }
}
