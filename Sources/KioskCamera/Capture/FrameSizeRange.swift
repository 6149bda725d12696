import KioskOptions

/// Frame sizes a driver offers for one format (one VIDIOC_ENUM_FRAMESIZES entry): a single size,
/// or every size from `minimum` to `maximum` in steps.
public struct FrameSizeRange: Hashable, Sendable {
    public var minimum: PixelSize
    public var maximum: PixelSize
    public var stepWidth: Int
    public var stepHeight: Int

    public init(minimum: PixelSize, maximum: PixelSize, stepWidth: Int = 1, stepHeight: Int = 1) {
        self.minimum = minimum
        self.maximum = maximum
        self.stepWidth = max(stepWidth, 1)
        self.stepHeight = max(stepHeight, 1)
    }

    /// One discrete size.
    public init(_ size: PixelSize) {
        self.init(minimum: size, maximum: size)
    }

    /// The size of this range nearest `target`: each side clamped to the range, rounded up to a step.
    func nearest(to target: PixelSize) -> PixelSize {
        func side(_ wanted: Int, _ low: Int, _ high: Int, _ step: Int) -> Int {
            let clamped = min(max(wanted, low), high)
            let stepped = low + (clamped - low + step - 1) / step * step
            return stepped > high ? high : stepped
        }
        return PixelSize(width: side(target.width, minimum.width, maximum.width, stepWidth),
                         height: side(target.height, minimum.height, maximum.height, stepHeight))
    }

    /// The offered size nearest the display: the smallest that covers it (so nothing is scaled up,
    /// and nothing at all where the camera offers the panel's own size), else the largest there is.
    public static func nearest(to display: PixelSize, among ranges: [FrameSizeRange]) -> PixelSize? {
        let candidates = ranges.map { $0.nearest(to: display) }
        let covering = candidates.filter { $0.width >= display.width && $0.height >= display.height }
        if let best = covering.min(by: { $0.width * $0.height < $1.width * $1.height }) { return best }
        return candidates.max { $0.width * $0.height < $1.width * $1.height }
    }
}
