import KioskEngine

/// `type = "video"`: a video file, a folder of them (played in name order) or a stream URI,
/// played while its screen is on show or in a transition; its audio track only with `audio = true`.
public struct VideoElement: Hashable, Sendable {
    public var path: String
    public var fit: ImageFit = .contain
    /// Start again at the end (a folder: from its first file).
    public var loop = true
    /// Play the clip's audio track at `[sound]`'s device and volume.
    public var audio = false

    public init(path: String, fit: ImageFit = .contain, loop: Bool = true) {
        self.path = path
        self.fit = fit
        self.loop = loop
    }

    init(reading table: TableReader) {
        path = table.filePath("path") ?? ""
        if !table.contains("path") {
            table.diagnostics.keyError("a video element needs 'path': a video file, a folder of videos or a stream URI",
                                       at: table.path)
        }
        fit = table.choice("fit", default: fit)
        loop = table.bool("loop", default: loop)
        audio = table.bool("audio", default: audio)
    }
}
