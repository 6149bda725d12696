import KioskCompositor
import KioskEngine

/// The costs `swipe-kiosk bench` reports for the camera path: converting one captured frame
/// into a display-size, aspect-filled buffer.
public enum CameraBenchmark {
    /// Median milliseconds to convert one YUYV frame of the capture size into a display-size buffer.
    public static func yuyvConversionMilliseconds(captureWidth: Int = 1280, captureHeight: Int = 720,
                                                  displayWidth: Int, displayHeight: Int, runs: Int = 30) -> Double {
        let bytesPerLine = captureWidth * 2
        var frame = [UInt8](repeating: 0, count: bytesPerLine * captureHeight)
        for y in 0..<captureHeight {
            for pair in 0..<(captureWidth / 2) {
                let offset = y * bytesPerLine + pair * 4
                frame[offset] = UInt8(16 + (pair * 2 * 219) / captureWidth)
                frame[offset + 1] = UInt8((y * 255) / captureHeight)
                frame[offset + 2] = UInt8(16 + ((pair * 2 + 1) * 219) / captureWidth)
                frame[offset + 3] = UInt8(255 - (y * 255) / captureHeight)
            }
        }
        return frame.withUnsafeBytes { bytes in
            let captured = CapturedFrame(pixelFormat: .yuyv, width: captureWidth, height: captureHeight,
                                         bytesPerLine: bytesPerLine, bytes: bytes)
            return medianMilliseconds(of: captured, displayWidth: displayWidth, displayHeight: displayHeight, runs: runs)
        }
    }

    /// Median milliseconds to decode one MJPEG frame of the capture size (a pattern picture at
    /// quality 85, 4:2:2) and scale it into a display-size buffer; nil if the frame cannot be made.
    public static func mjpegConversionMilliseconds(captureWidth: Int = 1280, captureHeight: Int = 720,
                                                   displayWidth: Int, displayHeight: Int, runs: Int = 30) -> Double? {
        let picture = PatternSource(width: captureWidth, height: captureHeight).frame(at: 1.5)
        guard let jpeg = JPEGEncoder.encode(picture) else { return nil }
        return jpeg.withUnsafeBytes { bytes in
            let captured = CapturedFrame(pixelFormat: .mjpeg, width: captureWidth, height: captureHeight,
                                         bytesPerLine: 0, bytes: bytes)
            return medianMilliseconds(of: captured, displayWidth: displayWidth, displayHeight: displayHeight, runs: runs)
        }
    }

    private static func medianMilliseconds(of frame: CapturedFrame, displayWidth: Int, displayHeight: Int, runs: Int) -> Double {
        let converter = FrameConverter(source: "benchmark")
        let destination = PixelBuffer(width: displayWidth, height: displayHeight)
        let clock = ContinuousClock()
        var timings: [Double] = []
        for _ in 0..<max(runs, 1) {
            let elapsed = clock.measure {
                do { try converter.convert(frame, into: destination) } catch { preconditionFailure("benchmark frame rejected: \(error)") }
            }
            timings.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
        }
        timings.sort()
        return timings[timings.count / 2]
    }
}
