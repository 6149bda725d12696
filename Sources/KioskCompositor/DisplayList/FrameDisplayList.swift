import KioskEngine

/// One frame's display list, built and not yet painted (`Compositor.displayList`), with what it
/// shows of the background feed: a display plans the frame from `coverage` before
/// `Compositor.paint` draws what the plan leaves to it.
public struct FrameDisplayList {
    let items: [DisplayItem]
    let background: PixelBuffer?
    let videos: [ObjectIdentifier: PixelBuffer]
    /// What the frame shows of the feed (never shown on a plane for a rotated display or without a feed).
    public let coverage: FeedCoverage
}
