/// Where a display puts the background feed of the frame about to be composed (`LayerPlanning.plan`).
public enum FeedPlacement: Equatable, Sendable {
    /// Composed into the frame on the CPU: the feed frame's pixels are needed.
    case composed
    /// On a plane of its own, the feed frame's pixels copied into a buffer of the display's.
    case planeCopied
    /// On a plane of its own straight from the camera's capture buffer (zero-copy): the feed
    /// frame's pixels are not read.
    case planeFromCaptureBuffer

    /// The feed is on a plane of its own: the frame composed is the UI alone.
    public var isOnPlane: Bool { self != .composed }
}
