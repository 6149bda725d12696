import KioskOptions

/// `[camera]`: the live background.
public struct CameraConfiguration: Hashable, Sendable {
    public var source: CameraSource = .pattern
    public var device = "/dev/video0"
    /// Nil (`"auto"`): the camera's offered frame size nearest the display.
    public var size: PixelSize?
    /// Nil (`"auto"`): the first of the device's formats that can be converted, MJPEG last.
    public var format: CameraPixelFormat?
    public var framesPerSecond = 30
    /// An image file, or a folder whose images are shown as a slideshow (`source = "image"`); a
    /// video file, a folder of clips or a stream URI (`source = "video"`).
    public var path: String?
    /// Seconds each slideshow image stays.
    public var slideshowInterval: Double = 5
    /// Shown when the source fails to open or stops delivering frames.
    public var fallback: CameraFallback = .pattern
    /// `source = "video"`: play the clip's audio track at `[sound]`'s device and volume.
    public var audio = false

    /// Every setting at its default, as an omitted section reads.
    public init() {}

    init(reading table: TableReader) {
        source = table.choice("source", default: source)
        device = table.nonEmptyString("device", default: device)
        if let chosen: PixelSize? = table.formatted("size", expected: "\"auto\" or a size \"WxH\"", parse: {
            $0 == "auto" ? .some(nil) : PixelSize(parsing: $0).map { .some($0) }
        }) {
            size = chosen
        }
        format = table.choiceOrAutomatic("format")
        framesPerSecond = table.integer("fps", default: framesPerSecond, in: 1...240)
        path = table.filePath("path")
        slideshowInterval = table.number("slideshow-interval", default: slideshowInterval, in: 0.5...86_400)
        fallback = table.choice("fallback", default: fallback)
        audio = table.bool("audio", default: audio)
        if source == .image && path == nil && !table.contains("path") {
            table.diagnostics.keyError("[camera] source = \"image\" needs 'path': an image file or a folder of images",
                                       at: table.path.appending("source"))
        }
        if source == .video && path == nil && !table.contains("path") {
            table.diagnostics.keyError("[camera] source = \"video\" needs 'path': a video file, a folder of clips or a stream URI",
                                       at: table.path.appending("source"))
        }
        if source == .video && fallback == .image {
            table.valueError("fallback", "\"image\" cannot be used with source = \"video\" ('path' names the video); use \"pattern\" or \"none\"")
        }
        if fallback == .image && path == nil && !table.contains("path") {
            table.valueError("fallback", "\"image\" needs 'path': an image file or a folder of images")
        }
        table.finishReading()
    }
}
