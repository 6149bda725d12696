import Foundation
import KioskCamera
import KioskCompositor
import KioskOptions

/// `swipe-kiosk bench`: the compositor's figures as ratios to a full-frame memcpy, plus the cost
/// of turning one camera frame of each format and capture size into a background frame of this size,
/// and of loading a config at the size cap.
public struct KioskBenchmark {
    public var compositorBench: CompositorBench

    public init(compositorBench: CompositorBench) {
        self.compositorBench = compositorBench
    }

    public func run() -> KioskBenchmarkReport {
        let compositor = compositorBench.run()
        let (width, height) = (compositorBench.width, compositorBench.height)
        var conversions: [KioskBenchmarkReport.Conversion] = []
        for format in CameraBenchmark.formats {
            for capture in CameraBenchmark.captureSizes {
                guard let timing = CameraBenchmark.conversionTiming(format: format, capture: capture,
                                                                    displayWidth: width, displayHeight: height)
                else { continue }
                conversions.append(.init(format: format, capture: capture, milliseconds: timing.median, cpuMilliseconds: timing.cpu))
            }
        }
        let videoCPU = VideoBenchmark.cpuShare(displayWidth: width, displayHeight: height)
        return KioskBenchmarkReport(compositor: compositor, conversions: conversions, videoCPU: videoCPU,
                                    configLoad: ConfigLoadBenchmark.timing())
    }
}

/// The bench's figures, as one JSON line or readable text.
public struct KioskBenchmarkReport {
    /// One conversion's median time, and the median CPU time it took on all the threads it ran on.
    public struct Conversion {
        public var format: CameraPixelFormat
        public var capture: PixelSize
        public var milliseconds: Double
        public var cpuMilliseconds: Double? = nil
    }

    public var compositor: CompositorBenchReport
    public var conversions: [Conversion]
    /// CPU time per second while a 30 fps 1280x720 YUYV source plays into the feed, as a share of
    /// one core (composition not included); nil when GStreamer could not play it.
    public var videoCPU: Double?
    /// Loading a valid config just under the 1 MiB cap (`ConfigLoadBenchmark`); nil when it did not load.
    public var configLoad: BenchTiming? = nil

    private var memcpyMilliseconds: Double { compositor.memcpy.median }

    private func name(of conversion: Conversion) -> String {
        "\(conversion.format.rawValue)_\(conversion.capture)_to_\(compositor.width)x\(compositor.height)"
    }

    private func milliseconds(_ format: CameraPixelFormat, _ width: Int, _ height: Int) -> Double? {
        conversions.first { $0.format == format && $0.capture == PixelSize(width: width, height: height) }?.milliseconds
    }

    /// The compositor's JSON line with the camera conversions added before its closing brace:
    /// `"conversions":{"yuyv_1280x720_to_1920x1080":{"median":0.9,"ratio":2.1,"cpu":1.7},...}` (`cpu`:
    /// the process's CPU time per conversion, every worker thread's included), and the
    /// 1280x720 YUYV and MJPEG figures under their earlier names.
    public var json: String {
        var line = compositor.jsonLine
        line.removeLast()
        let entries = conversions.map { conversion in
            "\"\(name(of: conversion))\":" + String(format: "{\"median\":%.3f,\"ratio\":%.2f", conversion.milliseconds,
                                                         conversion.milliseconds / max(memcpyMilliseconds, 1e-6))
                + (conversion.cpuMilliseconds.map { String(format: ",\"cpu\":%.3f", $0) } ?? "") + "}"
        }
        line += ",\"conversions\":{" + entries.joined(separator: ",") + "}"
        line += videoCPU.map { String(format: ",\"video_cpu\":%.4f", $0) } ?? ""
        line += milliseconds(.yuyv, 1280, 720).map { String(format: ",\"yuyv_1280x720_convert_ms\":%.3f", $0) } ?? ""
        line += milliseconds(.mjpeg, 1280, 720).map { String(format: ",\"mjpeg_1280x720_convert_ms\":%.3f", $0) } ?? ""
        line += configLoad.map { String(format: ",\"config_1mib_load_ms\":%.1f", $0.median) } ?? ""
        return line + "}"
    }

    public var text: String {
        var lines = [compositor.text]
        for conversion in conversions {
            lines.append("camera: one \(conversion.format) \(conversion.capture) frame to \(compositor.width)x\(compositor.height)"
                         + String(format: " %8.3f ms (%.2fx memcpy)", conversion.milliseconds,
                                  conversion.milliseconds / max(memcpyMilliseconds, 1e-6))
                         + (conversion.cpuMilliseconds.map { String(format: ", %.3f ms CPU", $0) } ?? ""))
        }
        if let videoCPU {
            lines.append(String(format: "video: a 30 fps 1280x720 YUYV source into the feed  %.1f%% of one core", videoCPU * 100))
        }
        if let configLoad {
            lines.append(String(format: "config: loading a config just under the 1 MiB cap  %.1f ms (median of %d)",
                                configLoad.median, configLoad.samples))
        }
        return lines.joined(separator: "\n")
    }
}
