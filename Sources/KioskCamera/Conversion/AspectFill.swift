/// How a source picture covers a destination of another shape: scaled by one factor so it fills
/// the destination, the overflow cropped equally from both sides (the original's aspect-fill).
public struct AspectFill: Hashable, Sendable {
    /// Destination pixels per source pixel.
    public let scale: Double
    /// The part of the source that ends up on screen, in source pixels.
    public let visibleX: Double
    public let visibleY: Double
    public let visibleWidth: Double
    public let visibleHeight: Double

    public init(sourceWidth: Int, sourceHeight: Int, destinationWidth: Int, destinationHeight: Int) {
        precondition(sourceWidth > 0 && sourceHeight > 0, "empty source \(sourceWidth)x\(sourceHeight)")
        let scale = max(Double(destinationWidth) / Double(sourceWidth), Double(destinationHeight) / Double(sourceHeight))
        self.scale = scale
        visibleWidth = Double(destinationWidth) / scale
        visibleHeight = Double(destinationHeight) / scale
        visibleX = (Double(sourceWidth) - visibleWidth) / 2
        visibleY = (Double(sourceHeight) - visibleHeight) / 2
    }

    /// Whether the source maps pixel for pixel (scale 1), so it can be copied without filtering.
    public var isUnscaled: Bool { abs(scale - 1) < 1e-9 }

    /// The source point sampled for the centre of destination pixel (x, y).
    public func sourcePoint(destinationX x: Int, destinationY y: Int) -> (x: Double, y: Double) {
        (visibleX + (Double(x) + 0.5) / scale, visibleY + (Double(y) + 0.5) / scale)
    }
}
