/// `[idle]`: what happens when nobody touches the screen.
public struct IdleConfiguration: Hashable, Sendable {
    /// Seconds without a touch before the home screen comes back; 0: never.
    public var returnHomeAfter: Double = 0

    /// Every setting at its default, as an omitted section reads.
    public init() {}

    /// Reads `[idle]`; its deprecated `blank-after` is `PowerConfiguration`'s to read first.
    init(reading table: TableReader) {
        returnHomeAfter = table.number("return-home-after", default: returnHomeAfter, in: 0...86_400)
        table.finishReading()
    }
}
