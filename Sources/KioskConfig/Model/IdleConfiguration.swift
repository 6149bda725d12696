/// `[idle]`: what happens when nobody touches the screen.
public struct IdleConfiguration: Hashable, Sendable {
    /// Seconds without a touch before the home screen comes back; 0: never.
    public var returnHomeAfter: Double = 0
    /// Seconds without a touch before the display blanks (the next touch wakes it); 0: never.
    public var blankAfter: Double = 0

    /// Every setting at its default, as an omitted section reads.
    public init() {}

    init(reading table: TableReader) {
        returnHomeAfter = table.number("return-home-after", default: returnHomeAfter, in: 0...86_400)
        blankAfter = table.number("blank-after", default: blankAfter, in: 0...86_400)
        table.finishReading()
    }
}
