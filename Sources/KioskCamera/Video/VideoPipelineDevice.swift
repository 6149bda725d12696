import CKioskVideo
import Foundation
import KioskEngine
import KioskOptions

/// A video file, a folder of them, or a stream URI played through GStreamer, behind the same
/// protocol as a camera: the feed's session converts its frames, shows the fallback while it
/// fails, and retries with backoff, exactly as for V4L2.
///
/// `uridecodebin` picks the decoder (the board's hardware decoders where its plugins have them);
/// frames arrive at the clip's own pace in a format libyuv converts (the decoder's own where it is one). The audio track
/// plays only when `audio` is given (`audio = true`), to its device at its level. At the end of a clip the
/// next one in the folder (or the same file, or the stream again) starts; without `loops`, the
/// last clip's end is the end (`hasEnded`). A clip that ends within `shortestLoop` of its start
/// (one frame, a still picture in a container) is not reopened at every end, which would burn a
/// core: once every clip of the list has done so in a row, the last frame stays as a still
/// (`hasEnded`); a stream that ends so is a failure, which the feed retries with back-off.
/// Used from the capture thread only.
public final class VideoPipelineDevice: CaptureDevice {
    /// The configured path or URI, for messages.
    public let path: String
    private var video: OpaquePointer?
    /// A frame pulled while opening (to learn the size), handed out first.
    private var pending: kiosk_video_frame?
    /// Which clip of a folder plays next.
    private var clipIndex = 0
    private var playing: String?
    /// A gst-launch description to run instead of `path`'s clips (the bench's live test source).
    private let description: String?
    /// Start again at the end of the last clip (a video element's `loop`; the background always loops).
    private let loops: Bool
    public private(set) var hasEnded = false
    /// When the clip playing now was started, on `MonotonicClock`.
    private var clipStart = 0.0
    /// Clips in a row that ended within `shortestLoop` of their start.
    private var quickEnds = 0

    /// A clip that ends sooner than this after it started is not played again (seconds).
    static let shortestLoop = 1.0

    /// Longest wait for the first frame of a clip or stream when opening it.
    static let firstFrameWait: Int32 = 5000
    /// Ends the first-frame wait early: the feed is stopping.
    private var isStopRequested: @Sendable () -> Bool = { false }

    /// The box frames are shown in and how they fit it: frames are decoded at most at the size
    /// that needs (the pipeline scales, or crops for `center`); nil keeps the clip's own size.
    private let box: PixelSize?
    private let fit: ImageFit
    /// Where the clip's audio plays; nil: silent, its audio not decoded.
    private let audio: VideoAudio?
    /// The level the pipeline's volume was last set to.
    private var appliedLevel = -1.0

    public init(path: String, loops: Bool = true, box: PixelSize? = nil, fit: ImageFit = .cover, audio: VideoAudio? = nil) {
        self.path = path
        self.loops = loops
        self.box = box
        self.fit = fit
        self.audio = audio
        description = nil
    }

    /// Runs a gst-launch description ending in `appsink name=sink` (a live `videotestsrc` for the bench).
    init(description: String) {
        path = "pipeline"
        self.description = description
        loops = true
        box = nil
        fit = .cover
        audio = nil
    }

    deinit {
        close()
    }

    public func open() throws(CameraError) -> CaptureFormat {
        close()
        hasEnded = false
        quickEnds = 0
        let clip: String
        if let description {
            clip = path
            var error = [CChar](repeating: 0, count: 512)
            guard let opened = kiosk_video_open_description(description, &error, error.count) else {
                throw .videoFailed(path: path, message: "GStreamer: " + Self.text(error))
            }
            video = opened
        } else {
            let clips = try VideoClips.list(path)
            clip = clips[clipIndex % clips.count]
            try start(clip)
        }
        var frame = kiosk_video_frame()
        // In slices, so a feed that is stopping is not held up by a source that sends nothing.
        let deadline = MonotonicClock.now() + Double(Self.firstFrameWait) / 1000
        waiting: while true {
            switch pull(timeout: 100, into: &frame) {
            case .success(true):
                pending = frame
                break waiting
            case .success(false):
                if isStopRequested() {
                    close()
                    throw .videoFailed(path: clip, message: "stopped before its first picture")
                }
                guard MonotonicClock.now() >= deadline || hasEnded else { continue }
                close()
                throw .videoFailed(path: clip, message: "no picture within \(Self.firstFrameWait / 1000) s")
            case .failure(let error):
                close()
                throw error
            }
        }
        return CaptureFormat(width: Int(frame.width), height: Int(frame.height), pixelFormat: Self.format(of: frame),
                             bytesPerLine: Int(frame.strides.0), card: "GStreamer \(URL(fileURLWithPath: clip).lastPathComponent)")
    }

    public func withNextFrame(timeout: Double, _ body: (CapturedFrame) throws(CameraError) -> Void) throws(CameraError) -> Bool {
        if hasEnded { return false }
        guard video != nil else { throw .videoFailed(path: playing ?? path, message: "the pipeline is not running") }
        var frame = kiosk_video_frame()
        if let pending {
            frame = pending
            self.pending = nil
        } else {
            switch pull(timeout: Int32(max(0, timeout * 1000)), into: &frame) {
            case .success(true): break
            case .success(false): return false
            case .failure(let error): throw error
            }
        }
        guard let base = frame.base else { return false }
        let format = Self.format(of: frame)
        let chroma = format == .i420 || format == .nv12
            ? ChromaPlanes(uOffset: frame.offsets.1, vOffset: format == .nv12 ? frame.offsets.1 : frame.offsets.2,
                           bytesPerLine: Int(frame.strides.1))
            : nil
        try body(CapturedFrame(pixelFormat: format, width: Int(frame.width), height: Int(frame.height),
                               bytesPerLine: Int(frame.strides.0), bytes: UnsafeRawBufferPointer(start: base, count: frame.size),
                               chromaPlanes: chroma))
        return true
    }

    public func endWaits(when isStopRequested: @escaping @Sendable () -> Bool) {
        self.isStopRequested = isStopRequested
    }

    public func setPaused(_ paused: Bool) {
        if let video { _ = kiosk_video_set_playing(video, paused ? 0 : 1) }
    }

    public func close() {
        pending = nil
        if let video { kiosk_video_close(video) }
        video = nil
    }

    /// The capture format of a pulled frame (the appsink's caps allow only these).
    private static func format(of frame: kiosk_video_frame) -> CameraPixelFormat {
        switch frame.format {
        case KIOSK_VIDEO_NV12: .nv12
        case KIOSK_VIDEO_YUY2: .yuyv
        case KIOSK_VIDEO_UYVY: .uyvy
        case KIOSK_VIDEO_XRGB: .xrgb32
        default: .i420
        }
    }

    private static func text(_ characters: [CChar]) -> String {
        String(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private func start(_ clip: String) throws(CameraError) {
        let uri: String
        if VideoClips.isURI(clip) {
            uri = clip
        } else {
            guard let converted = kiosk_video_file_uri(clip) else { throw .videoFailed(path: clip, message: "not a usable file path") }
            uri = String(cString: converted)
            kiosk_video_free(converted)
        }
        var error = [CChar](repeating: 0, count: 512)
        let fitCode: Int32 = switch fit {
        case .fill: KIOSK_VIDEO_FIT_FILL
        case .contain: KIOSK_VIDEO_FIT_CONTAIN
        case .cover: KIOSK_VIDEO_FIT_COVER
        case .center: KIOSK_VIDEO_FIT_CENTER
        }
        appliedLevel = audio?.level ?? 0
        var audioProblem = [CChar](repeating: 0, count: 512)
        guard let opened = kiosk_video_open(uri, Int32(clamping: box?.width ?? 0), Int32(clamping: box?.height ?? 0), fitCode,
                                            Int64(VideoDecoderLimit.maximumFrameBytes), audio?.device, appliedLevel,
                                            &audioProblem, audioProblem.count, &error, error.count) else {
            throw .videoFailed(path: clip, message: Self.text(error))
        }
        if let audio {
            let problem = Self.text(audioProblem)
            if problem.isEmpty { audio.deviceOpened() } else { audio.deviceFailed(problem) }
        }
        video = opened
        playing = clip
        clipStart = MonotonicClock.now()
    }

    /// One frame, or none in time (false); at the end of a clip the next one starts.
    private func pull(timeout: Int32, into frame: inout kiosk_video_frame) -> Result<Bool, CameraError> {
        guard let video else { return .success(false) }
        if let level = audio?.level, level != appliedLevel {
            kiosk_video_set_volume(video, level)
            appliedLevel = level
        }
        var error = [CChar](repeating: 0, count: 1024)
        switch kiosk_video_pull(video, timeout, &frame, &error, error.count) {
        case KIOSK_VIDEO_FRAME:
            return .success(true)
        case KIOSK_VIDEO_END:
            // Loop: the next clip of a folder, the same file again, or the stream reconnected.
            clipIndex += 1
            kiosk_video_close(video)
            self.video = nil
            let quick = MonotonicClock.now() - clipStart < Self.shortestLoop
            quickEnds = quick ? quickEnds + 1 : 0
            do throws(CameraError) {
                if description != nil {
                    _ = try open()
                    return .success(false)
                }
                let clips = try VideoClips.list(path)
                if quick, let scheme = VideoLocation.scheme(of: playing ?? path), scheme != "file" {
                    return .failure(.videoFailed(path: playing ?? path, message: "the stream ended within \(Int(Self.shortestLoop)) s of its start"))
                }
                if quickEnds >= clips.count {
                    // One frame, or a picture: the last frame stays on show, nothing is reopened.
                    hasEnded = true
                    return .success(false)
                }
                if !loops && clipIndex >= clips.count {
                    // The last frame stays on show.
                    hasEnded = true
                    return .success(false)
                }
                try start(clips[clipIndex % clips.count])
                return .success(false)
            } catch {
                return .failure(error)
            }
        case KIOSK_VIDEO_TOO_LARGE:
            // Refused before decoding; the feed's back-off paces the next look (the file may be replaced).
            let message = VideoDecoderLimit.problem(width: Int(frame.width), height: Int(frame.height), frameBytes: frame.size)
            return .failure(.videoFailed(path: playing ?? path, message: message ?? "its frames are too large to decode"))
        case KIOSK_VIDEO_ERROR:
            return .failure(.videoFailed(path: playing ?? path, message: "GStreamer: " + Self.text(error)))
        default:
            return .success(false)
        }
    }
}
