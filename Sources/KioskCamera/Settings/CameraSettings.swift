/// Everything the `[camera]` table of the config file says, as plain data.
///
/// The config module maps TOML onto this; `CameraFeedFactory` turns it into a feed.
public struct CameraSettings: Hashable, Sendable {
    /// Where background frames come from.
    public enum Source: String, Hashable, Sendable, CaseIterable {
        /// A V4L2 capture device (a webcam, a capture card, the vivid test driver).
        case v4l2
        /// The animated synthetic pattern.
        case pattern
        /// A still PNG/JPEG, or a folder of them shown as a slideshow.
        case image
        /// No background feed.
        case none
    }

    /// What to show while the camera is missing, unplugged or sending garbage.
    public enum Fallback: String, Hashable, Sendable, CaseIterable {
        case pattern
        /// The file or folder in `imagePath`.
        case image
        /// Black.
        case none
    }

    public var source: Source
    /// The V4L2 device node.
    public var devicePath: String
    /// The capture size asked of the driver; the driver may choose another, which is reported.
    public var requestedWidth: Int
    public var requestedHeight: Int
    /// Formats to ask for, best first; the driver's choice is accepted when it is any supported one.
    public var pixelFormats: [CameraPixelFormat]
    /// Frames a second asked of the driver, and the rate of the pattern feed.
    public var framesPerSecond: Double
    /// A PNG/JPEG file, or a folder of them, for `source = "image"` and `fallback = "image"`.
    public var imagePath: String?
    /// Seconds each slide stays on screen, crossfade included.
    public var slideshowInterval: Double
    /// Seconds of crossfade between two slides.
    public var crossfadeDuration: Double
    public var fallback: Fallback
    /// First wait before opening a missing camera again; doubled after each failure.
    public var retryInitialDelay: Double
    /// The longest wait between two attempts.
    public var retryMaximumDelay: Double

    public init(
        source: Source = .pattern,
        devicePath: String = "/dev/video0",
        requestedWidth: Int = 1280,
        requestedHeight: Int = 720,
        pixelFormats: [CameraPixelFormat] = [.yuyv, .mjpeg, .nv12, .uyvy, .xrgb32, .rgb24, .bgr24],
        framesPerSecond: Double = 30,
        imagePath: String? = nil,
        slideshowInterval: Double = 8,
        crossfadeDuration: Double = 1,
        fallback: Fallback = .pattern,
        retryInitialDelay: Double = 1,
        retryMaximumDelay: Double = 30
    ) {
        self.source = source
        self.devicePath = devicePath
        self.requestedWidth = requestedWidth
        self.requestedHeight = requestedHeight
        self.pixelFormats = pixelFormats
        self.framesPerSecond = framesPerSecond
        self.imagePath = imagePath
        self.slideshowInterval = slideshowInterval
        self.crossfadeDuration = crossfadeDuration
        self.fallback = fallback
        self.retryInitialDelay = retryInitialDelay
        self.retryMaximumDelay = retryMaximumDelay
    }
}
