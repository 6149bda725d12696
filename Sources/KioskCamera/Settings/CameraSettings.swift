import KioskOptions

/// Everything the `[camera]` table of the config file says, as plain data.
///
/// The config module maps TOML onto this; `CameraFeedFactory` turns it into a feed.
public struct CameraSettings: Hashable, Sendable {
    public var source: CameraSource
    /// The V4L2 device node.
    public var devicePath: String
    /// The capture size asked of the driver; the driver may choose another, which is reported.
    public var requestedWidth: Int
    public var requestedHeight: Int
    /// `size = "auto"`: capture at the offered frame size nearest the display (the feed puts the
    /// display's size in the request), so no scaling is done where the camera has the panel's size.
    public var automaticSize: Bool
    /// Formats to ask for, best first; the driver's choice is accepted when it is any supported one.
    public var pixelFormats: [CameraPixelFormat]
    /// Frames a second asked of the driver, and the rate of the pattern feed.
    public var framesPerSecond: Double
    /// A PNG/JPEG file, or a folder of them, for `source = "image"` and `fallback = "image"`; for
    /// `source = "video"`, the video file, folder of clips or stream URI.
    public var imagePath: String?
    /// `source = "video"`: the clip's audio track plays (`[camera] audio`).
    public var playsAudio = false
    /// Seconds each slide stays on screen, crossfade included.
    public var slideshowInterval: Double
    /// Seconds of crossfade between two slides.
    public var crossfadeDuration: Double
    public var fallback: CameraFallback
    /// First wait before opening a missing camera again; doubled after each failure.
    public var retryInitialDelay: Double
    /// The longest wait between two attempts.
    public var retryMaximumDelay: Double
    /// Export the capture buffers as DMABUF so a display plane can scan frames out as captured
    /// (`[display] planes = "auto"` on DRM); costs two more buffers.
    public var exportsBuffers: Bool

    public init(
        source: CameraSource = .pattern,
        devicePath: String = "/dev/video0",
        requestedWidth: Int = 1280,
        requestedHeight: Int = 720,
        automaticSize: Bool = false,
        pixelFormats: [CameraPixelFormat] = [.yuyv, .mjpeg, .nv12, .i420, .uyvy, .xrgb32, .xbgr32, .rgb24, .bgr24],
        framesPerSecond: Double = 30,
        imagePath: String? = nil,
        slideshowInterval: Double = 8,
        crossfadeDuration: Double = 1,
        fallback: CameraFallback = .pattern,
        retryInitialDelay: Double = 1,
        retryMaximumDelay: Double = 30,
        exportsBuffers: Bool = false
    ) {
        self.source = source
        self.devicePath = devicePath
        self.requestedWidth = requestedWidth
        self.requestedHeight = requestedHeight
        self.automaticSize = automaticSize
        self.pixelFormats = pixelFormats
        self.framesPerSecond = framesPerSecond
        self.imagePath = imagePath
        self.slideshowInterval = slideshowInterval
        self.crossfadeDuration = crossfadeDuration
        self.fallback = fallback
        self.retryInitialDelay = retryInitialDelay
        self.retryMaximumDelay = retryMaximumDelay
        self.exportsBuffers = exportsBuffers
    }

    /// What is wrong with these settings, one message per problem naming the key; empty when usable.
    public func validationProblems() -> [String] {
        var problems: [String] = []
        if source == .v4l2 && devicePath.isEmpty {
            problems.append("[camera] device is empty; set it to the camera's node, e.g. \"/dev/video0\"")
        }
        if !(16...8192).contains(requestedWidth) || !(16...8192).contains(requestedHeight) {
            problems.append("[camera] size \(requestedWidth)x\(requestedHeight) is out of range; use e.g. 1280x720")
        }
        if !(framesPerSecond >= 1 && framesPerSecond <= 240) {
            problems.append("[camera] fps is \(framesPerSecond); use a rate between 1 and 240")
        }
        if (source == .image || (source == .v4l2 && fallback == .image)) && (imagePath ?? "").isEmpty {
            problems.append("[camera] path is not set; name a PNG/JPEG file or a folder of them")
        }
        if !(slideshowInterval > 0) || crossfadeDuration < 0 || crossfadeDuration > slideshowInterval {
            problems.append("[camera] slideshow interval \(slideshowInterval) s and crossfade \(crossfadeDuration) s: the interval must be positive and at least the crossfade")
        }
        if !(retryInitialDelay > 0) || retryMaximumDelay < retryInitialDelay {
            problems.append("[camera] retry delays \(retryInitialDelay)...\(retryMaximumDelay) s: the first must be positive and not above the longest")
        }
        if source == .video && (imagePath ?? "").isEmpty {
            problems.append("[camera] path is not set; name a video file, a folder of clips or a stream URI")
        }
        if source == .video && fallback == .image {
            problems.append("[camera] fallback = \"image\" needs 'path' for the picture, which names the video here; use \"pattern\" or \"none\"")
        }
        return problems
    }
}
