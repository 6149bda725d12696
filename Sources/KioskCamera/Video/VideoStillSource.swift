import KioskEngine
import KioskOptions

/// The first frame of a `source = "video"` clip (or a video element's) as a still picture: what
/// `render`, `simulate` and `demo` show where the daemon would play the video, since a pipeline
/// cannot run on their virtual clock.
final class VideoStillSource: TimedFrameSource {
    let summary: String
    let size: (width: Int, height: Int)
    private let picture: PixelBuffer

    /// Decodes the first frame now, fitted to `width` x `height` (aspect-filled for the background).
    init(path: String, width: Int, height: Int, fit: ImageFit = .cover) throws(CameraError) {
        let device = VideoPipelineDevice(path: path, box: PixelSize(width: width, height: height), fit: fit)
        defer { device.close() }
        _ = try device.open()
        let picture = PixelBuffer(width: width, height: height)
        let converter = FrameConverter(source: path, fit: fit)
        let delivered = try device.withNextFrame(timeout: 0) { frame throws(CameraError) in
            try converter.convert(frame, into: picture)
        }
        guard delivered else { throw .videoFailed(path: path, message: "no first frame") }
        picture.sequence = 1
        self.picture = picture
        summary = "first frame of \(path)"
        size = (width, height)
    }

    func render(at time: Double, into buffer: PixelBuffer) {
        for row in 0..<min(buffer.height, picture.height) {
            (buffer.pixels + row * buffer.rowLength).update(from: picture.pixels + row * picture.rowLength,
                                                            count: min(buffer.width, picture.width))
        }
    }

    func nextChange(after time: Double) -> Double? { nil }

    func frame(at time: Double) -> PixelBuffer { picture }
}
