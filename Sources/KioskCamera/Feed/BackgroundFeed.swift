/// What shows behind the screens, as `CameraFeedFactory.makeFeed` builds it from `[camera]`.
public enum BackgroundFeed {
    /// A camera or a video: frames come from a producer thread through a mailbox.
    case live(any CameraFeed)
    /// A picture that is a pure function of time (the pattern): the render loop draws it into one
    /// buffer when it changes, as `simulate` and `demo` do, so it holds one frame of memory, not
    /// the two or three a producer thread needs, and costs no thread.
    case timed(any TimedFrameSource)

    /// The live feed, nil for a timed picture.
    public var live: (any CameraFeed)? {
        switch self {
        case .live(let feed): feed
        case .timed: nil
        }
    }

    /// The timed picture, nil for a live feed.
    public var timed: (any TimedFrameSource)? {
        switch self {
        case .live: nil
        case .timed(let source): source
        }
    }
}
