import KioskEngine
import KioskOptions

/// Builds the background feed the `[camera]` settings describe.
public enum CameraFeedFactory {
    /// The daemon's background, not yet started; nil for `source = "none"`. The pattern (also as an
    /// image source's fallback) is timed: drawn on the loop, one buffer; cameras, videos and pictures are live.
    ///
    /// - Throws: `CameraError.badImage` when a camera's image fallback cannot be used; an image
    ///   source that cannot be used logs why and shows the fallback.
    ///   A missing camera is not an error here: the feed shows the fallback and keeps trying.
    /// - Parameter warn: receives the source's faults (a camera that cannot be opened or stops, a
    ///   picture that cannot be shown), which a kiosk owner must act on; nil: `log` does.
    ///   `audio`: where a video's audio track plays when `settings.playsAudio`.
    public static func makeFeed(settings: CameraSettings, displayWidth: Int, displayHeight: Int,
                                log: @escaping @Sendable (String) -> Void,
                                warn: (@Sendable (String) -> Void)? = nil, audio: VideoAudio? = nil) throws(CameraError) -> BackgroundFeed? {
        switch settings.source {
        case .none:
            return nil
        case .v4l2:
            let fallback = try fallbackPicture(settings, width: displayWidth, height: displayHeight)
            let capture = captureSettings(settings, displayWidth: displayWidth, displayHeight: displayHeight)
            return .live(LiveFeed(settings: capture, displayWidth: displayWidth, displayHeight: displayHeight, fallback: fallback,
                                  makeDevice: { V4L2CaptureDevice(settings: capture) }, log: log, warn: warn))
        case .video:
            let fallback = try fallbackPicture(settings, width: displayWidth, height: displayHeight)
            let path = settings.imagePath ?? ""
            return .live(LiveFeed(settings: settings, displayWidth: displayWidth, displayHeight: displayHeight, fallback: fallback,
                                  makeDevice: {
                                      VideoPipelineDevice(path: path, box: PixelSize(width: displayWidth, height: displayHeight),
                                                          audio: settings.playsAudio ? audio : nil)
                                  },
                                  log: log, warn: warn))
        case .pattern, .image:
            let picture: FallbackPicture
            do {
                picture = try ownPicture(settings, width: displayWidth, height: displayHeight)
            } catch {
                // The daemon stays up on a bad picture and shows what `fallback` names (an image
                // fallback is this same picture, so black).
                let fallback = settings.fallback == .pattern ? FallbackPicture.pattern(framesPerSecond: settings.framesPerSecond) : nil
                (warn ?? log)("\(error); showing \(fallback == nil ? "black" : "the fallback pattern") instead")
                guard let fallback else { return nil }
                picture = fallback
            }
            if case .pattern(let framesPerSecond) = picture {
                return .timed(PatternSource(width: displayWidth, height: displayHeight, framesPerSecond: framesPerSecond))
            }
            return .live(LiveFeed(settings: settings, displayWidth: displayWidth, displayHeight: displayHeight, fallback: picture,
                                  makeDevice: { nil }, log: log))
        }
    }

    /// The threadless source for `simulate` and `demo`, which run on a virtual clock: call
    /// `frame(at:)` with the virtual time. A `v4l2` source gives its fallback, since a camera
    /// cannot be replayed; a `video` source its first frame (its fallback when it cannot be played);
    /// nil means no background (`none`, or a black fallback).
    public static func makeTimedSource(settings: CameraSettings, displayWidth: Int, displayHeight: Int,
                                       log: @escaping (String) -> Void = { _ in }) throws(CameraError) -> TimedFrameSource? {
        let picture: FallbackPicture
        switch settings.source {
        case .none: return nil
        case .v4l2: picture = try fallbackPicture(settings, width: displayWidth, height: displayHeight)
        case .video:
            do throws(CameraError) {
                return try VideoStillSource(path: settings.imagePath ?? "", width: displayWidth, height: displayHeight)
            } catch {
                log("\(error)")
                picture = try fallbackPicture(settings, width: displayWidth, height: displayHeight)
            }
        case .pattern, .image: picture = try ownPicture(settings, width: displayWidth, height: displayHeight)
        }
        if case let .images(path, interval, crossfade, framesPerSecond) = picture {
            return try ImageSource(path: path, width: displayWidth, height: displayHeight, interval: interval,
                                   crossfade: crossfade, framesPerSecond: framesPerSecond, log: log)
        }
        return picture.makeSource(width: displayWidth, height: displayHeight, log: log)
    }

    /// A video element's player, not yet started: `path` (a file, a folder played in name order,
    /// or a stream URI) through the same pipeline, mailbox and retries as a `source = "video"`
    /// background, its frames fitted into `width` x `height` (the element's box) as `fit` says.
    /// While it cannot play, the box shows black and `warn` hears why once.
    public static func makeVideoElementFeed(path: String, loops: Bool, fit: ImageFit, width: Int, height: Int,
                                            log: @escaping @Sendable (String) -> Void,
                                            warn: (@Sendable (String) -> Void)? = nil, audio: VideoAudio? = nil) -> any CameraFeed {
        let warn = warn ?? log
        return LiveFeed(settings: CameraSettings(source: .video, imagePath: path, fallback: .none), displayWidth: width,
                        displayHeight: height, fallback: .black, makeDevice: {
                            VideoPipelineDevice(path: path, loops: loops, box: PixelSize(width: width, height: height), fit: fit, audio: audio)
                        },
                        log: { log(elementLine($0)) }, warn: { warn(elementLine($0)) }, fit: fit)
    }

    /// A feed's line as the element's owner needs it: the feed speaks of the background's camera.
    static func elementLine(_ line: String) -> String {
        let line = line.hasPrefix("camera ") ? String(line.dropFirst("camera ".count)) : line
        return line.replacingOccurrences(of: "showing the fallback and trying again (check [camera] path)",
                                         with: "showing a black box and trying again (check the element's path)")
    }

    /// The first frame of a video element's `path` fitted into `width` x `height` as `fit` says:
    /// what `render`, `demo` and `simulate` show for it. Throws when it cannot be played.
    public static func videoElementStill(path: String, fit: ImageFit, width: Int, height: Int) throws(CameraError) -> PixelBuffer {
        try VideoStillSource(path: path, width: width, height: height, fit: fit).frame(at: 0)
    }

    /// With `size = "auto"` the request is the display's size, and the device picks the offered size nearest it.
    private static func captureSettings(_ settings: CameraSettings, displayWidth: Int, displayHeight: Int) -> CameraSettings {
        var capture = settings
        if settings.automaticSize {
            (capture.requestedWidth, capture.requestedHeight) = (displayWidth, displayHeight)
        }
        return capture
    }

    private static func ownPicture(_ settings: CameraSettings, width: Int, height: Int) throws(CameraError) -> FallbackPicture {
        settings.source == .image ? try images(settings, width: width, height: height)
            : .pattern(framesPerSecond: settings.framesPerSecond)
    }

    private static func fallbackPicture(_ settings: CameraSettings, width: Int, height: Int) throws(CameraError) -> FallbackPicture {
        switch settings.fallback {
        case .pattern: .pattern(framesPerSecond: settings.framesPerSecond)
        case .image: try images(settings, width: width, height: height)
        case .none: .black
        }
    }

    /// Checks the image path now, so a typo stops the daemon at start with a clear message.
    private static func images(_ settings: CameraSettings, width: Int, height: Int) throws(CameraError) -> FallbackPicture {
        guard let path = settings.imagePath, !path.isEmpty else {
            throw .badImage(path: "[camera] path", reason: "no image file or folder is set")
        }
        _ = try ImageSource(path: path, width: width, height: height)
        return .images(path: path, interval: settings.slideshowInterval, crossfade: settings.crossfadeDuration,
                       framesPerSecond: settings.framesPerSecond)
    }
}
