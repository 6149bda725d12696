import Foundation
import KioskCamera
import KioskCompositor

/// `swipe-kiosk bench`: the compositor's figures as ratios to a full-frame memcpy, plus the cost
/// of turning one 1280x720 camera frame (YUYV, MJPEG) into a background frame of this size.
public struct KioskBenchmark {
    public var compositorBench: CompositorBench

    public init(compositorBench: CompositorBench) {
        self.compositorBench = compositorBench
    }

    public func run() -> KioskBenchmarkReport {
        let compositor = compositorBench.run()
        let (width, height) = (compositorBench.width, compositorBench.height)
        return KioskBenchmarkReport(
            compositor: compositor,
            yuyvMilliseconds: CameraBenchmark.yuyvConversionMilliseconds(displayWidth: width, displayHeight: height),
            mjpegMilliseconds: CameraBenchmark.mjpegConversionMilliseconds(displayWidth: width, displayHeight: height))
    }
}

/// The bench's figures, as one JSON line or readable text.
public struct KioskBenchmarkReport {
    public var compositor: CompositorBenchReport
    public var yuyvMilliseconds: Double
    public var mjpegMilliseconds: Double?

    /// The compositor's JSON line with the camera conversions added before its closing brace.
    public var json: String {
        var line = compositor.jsonLine
        line.removeLast()
        line += String(format: ",\"yuyv_1280x720_convert_ms\":%.3f", yuyvMilliseconds)
        line += mjpegMilliseconds.map { String(format: ",\"mjpeg_1280x720_convert_ms\":%.3f", $0) } ?? ""
        return line + "}"
    }

    public var text: String {
        var lines = [compositor.text]
        lines.append(String(format: "camera: one 1280x720 YUYV frame to %dx%d  %7.3f ms",
                            compositor.width, compositor.height, yuyvMilliseconds))
        if let mjpegMilliseconds {
            lines.append(String(format: "camera: one 1280x720 MJPEG frame to %dx%d %7.3f ms",
                                compositor.width, compositor.height, mjpegMilliseconds))
        }
        return lines.joined(separator: "\n")
    }
}
