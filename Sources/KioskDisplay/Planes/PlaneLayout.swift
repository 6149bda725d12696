import KioskEngine

/// One way to show a camera screen from two planes: the feed on one, the UI with alpha above it.
public struct PlaneLayout: Hashable, Sendable, CustomStringConvertible {
    /// Where the feed plane's pixels come from.
    public enum FeedBuffer: String, Hashable, Sendable {
        /// The V4L2 capture buffer itself, exported as DMABUF: no CPU work per frame.
        case captureBuffer = "the camera's buffer, zero-copy DMABUF"
        /// The frame converted on the CPU into a dumb buffer of the screen's size (no scaling).
        case convertedDumbBuffer = "converted into a dumb buffer"
    }

    public var feedPlaneID: UInt32
    public var feedFormat: DRMFormat
    public var feedBuffer: FeedBuffer
    /// The part of the feed frame shown (aspect-fill crop), in the frame's pixels.
    public var feedSource: PixelRect
    public var uiPlaneID: UInt32
    /// Always ARGB8888: the UI's transparent pixels show the feed below.
    public var uiFormat: DRMFormat
    /// Where both planes go on the CRTC: the whole mode.
    public var destination: PixelRect

    /// True where the plane must scale the feed (its source and destination sizes differ).
    public var scalesFeed: Bool {
        feedSource.width != destination.width || feedSource.height != destination.height
    }

    public var description: String {
        "feed on plane \(feedPlaneID) as \(feedFormat) (\(feedBuffer.rawValue)\(scalesFeed ? ", scaled" : "")), "
            + "UI on plane \(uiPlaneID) as \(uiFormat)"
    }
}
