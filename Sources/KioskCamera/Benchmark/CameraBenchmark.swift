import Foundation
import CYUV
import KioskCompositor
import KioskEngine
import KioskOptions

/// The costs `swipe-kiosk bench` reports for the camera path: converting one captured frame
/// into a display-size, aspect-filled buffer.
public enum CameraBenchmark {
    /// The formats the bench reports, in report order.
    public static let formats: [CameraPixelFormat] = [.yuyv, .uyvy, .nv12, .i420, .mjpeg]
    /// The capture sizes the bench reports.
    public static let captureSizes: [PixelSize] = [PixelSize(width: 640, height: 480), PixelSize(width: 1280, height: 720),
                                                   PixelSize(width: 1920, height: 1080)]

    /// One conversion's cost: the median wall time, and the median CPU time of the whole process
    /// meanwhile (every thread the conversion ran on), in milliseconds.
    public struct Timing: Sendable {
        public var median: Double
        public var cpu: Double
    }

    /// Median milliseconds to convert one frame of `format` at the capture size into a
    /// display-size buffer (MJPEG: a pattern picture at quality 85, 4:2:2, decoded and scaled);
    /// nil if the frame cannot be made.
    public static func conversionMilliseconds(format: CameraPixelFormat, capture: PixelSize,
                                              displayWidth: Int, displayHeight: Int, runs: Int = 30) -> Double? {
        conversionTiming(format: format, capture: capture, displayWidth: displayWidth, displayHeight: displayHeight, runs: runs)?.median
    }

    /// The wall and CPU time of converting one frame, as `conversionMilliseconds` measures it.
    public static func conversionTiming(format: CameraPixelFormat, capture: PixelSize,
                                        displayWidth: Int, displayHeight: Int, runs: Int = 30) -> Timing? {
        guard let frame = frameBytes(format: format, width: capture.width, height: capture.height) else { return nil }
        return frame.bytes.withUnsafeBytes { bytes in
            let captured = CapturedFrame(pixelFormat: format, width: capture.width, height: capture.height,
                                         bytesPerLine: frame.bytesPerLine, bytes: bytes)
            return timing(of: captured, displayWidth: displayWidth, displayHeight: displayHeight, runs: runs)
        }
    }

    /// One frame of the moving test pattern in `format`, made with libyuv's encoders (BT.601 limited range).
    static func frameBytes(format: CameraPixelFormat, width: Int, height: Int) -> (bytes: [UInt8], bytesPerLine: Int)? {
        let picture = PatternSource(width: width, height: height).frame(at: 1.5)
        if format == .mjpeg {
            return JPEGEncoder.encode(picture).map { ([UInt8]($0), 0) }
        }
        let line = format.packedLineLength(width: width)
        let length = format.minimumFrameLength(width: width, height: height, bytesPerLine: line) ?? 0
        var bytes = [UInt8](repeating: 0, count: length)
        let argb = UnsafeMutableRawPointer(picture.pixels).assumingMemoryBound(to: UInt8.self)
        let stride = Int32(picture.stride), w = Int32(width), h = Int32(height)
        let result: Int32 = bytes.withUnsafeMutableBufferPointer { buffer in
            let out = buffer.baseAddress!
            switch format {
            case .yuyv: return ARGBToYUY2(argb, stride, out, Int32(line), w, h)
            case .uyvy: return ARGBToUYVY(argb, stride, out, Int32(line), w, h)
            case .nv12: return ARGBToNV12(argb, stride, out, Int32(line), out + line * height, Int32(line), w, h)
            case .i420:
                let u = out + line * height, v = u + (line / 2) * ((height + 1) / 2)
                return ARGBToI420(argb, stride, out, Int32(line), u, Int32(line / 2), v, Int32(line / 2), w, h)
            case .rgb24, .bgr24, .xrgb32, .xbgr32, .mjpeg: return -1
            }
        }
        return result == 0 ? (bytes, line) : nil
    }

    private static func timing(of frame: CapturedFrame, displayWidth: Int, displayHeight: Int, runs: Int) -> Timing {
        let converter = FrameConverter(source: "benchmark")
        let destination = PixelBuffer(width: displayWidth, height: displayHeight)
        var walls: [Double] = [], cpus: [Double] = []
        for _ in 0..<max(runs, 1) {
            let (wall, cpu) = (milliseconds(CLOCK_MONOTONIC), milliseconds(CLOCK_PROCESS_CPUTIME_ID))
            do { try converter.convert(frame, into: destination) } catch { preconditionFailure("benchmark frame rejected: \(error)") }
            walls.append(milliseconds(CLOCK_MONOTONIC) - wall)
            cpus.append(milliseconds(CLOCK_PROCESS_CPUTIME_ID) - cpu)
        }
        return Timing(median: walls.sorted()[walls.count / 2], cpu: cpus.sorted()[cpus.count / 2])
    }

    private static func milliseconds(_ clock: clockid_t) -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
    }
}
