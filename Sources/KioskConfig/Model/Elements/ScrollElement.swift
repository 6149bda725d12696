/// `type = "scroll"`: a vertically scrolling area; a fling keeps it moving and it decelerates.
public struct ScrollElement: Hashable, Sendable {
    /// Elements in content coordinates (y grows down the content).
    public var content: [ElementConfiguration] = []
    /// Nil: down to the lowest content element's bottom edge.
    public var contentHeight: Double?
    /// Velocity kept per millisecond after a fling (UIScrollView's normal rate is 0.998).
    public var deceleration: Double = 0.998
    /// Rubber-band past the ends instead of stopping hard.
    public var bounces = true

    public init(content: [ElementConfiguration] = []) {
        self.content = content
    }

    init(reading table: TableReader) {
        content = table.tables("content").map(ElementConfiguration.init(reading:))
        contentHeight = table.number("content-height", in: 0...1_000_000)
        deceleration = table.number("deceleration", default: deceleration, in: 0.9...0.9999)
        bounces = table.bool("bounces", default: bounces)
    }
}
