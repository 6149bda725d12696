import KioskEngine

/// `[background]`: the effect between the camera background and the screens' content.
public struct BackgroundConfiguration: Hashable, Sendable {
    /// Box-blur radius in pixels applied to the background; 0 leaves it sharp.
    public var blurRadius = 24
    /// Drawn over the (blurred) background; transparent by default.
    public var tint = Color(r: 255, g: 255, b: 255, a: 64)

    /// Every setting at its default, as an omitted section reads.
    public init() {}

    init(reading table: TableReader) {
        blurRadius = table.integer("blur-radius", default: blurRadius, in: 0...64)
        tint = table.color("tint", default: tint)
        table.finishReading()
    }
}
