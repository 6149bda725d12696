import KioskOptions

/// The camera frames the feed plane would show: their pixel format and size as captured.
public struct PlaneFeed: Equatable, Sendable {
    public var format: CameraPixelFormat
    public var size: PixelSize

    public init(format: CameraPixelFormat, size: PixelSize) {
        self.format = format
        self.size = size
    }
}
