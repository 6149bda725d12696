import Foundation

/// Why the camera feed could not show camera frames; each names the device and what to do.
public enum CameraError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The device node does not exist or cannot be opened.
    case cannotOpen(device: String, errno: Int32)
    /// The node is there but is not a streaming video capture device.
    case notACaptureDevice(device: String, card: String)
    /// The driver offered none of the formats the feed converts.
    case unsupportedFormat(device: String, offered: String)
    /// A V4L2 call failed.
    case ioctlFailed(device: String, call: String, errno: Int32)
    /// The device went away while streaming (unplugged: ENODEV).
    case deviceGone(device: String)
    /// A buffer held fewer bytes than its format needs.
    case shortFrame(device: String, bytes: Int, expected: Int)
    /// A buffer's content could not be decoded (bad MJPEG, or flagged as bad by the driver).
    case corruptFrame(device: String, reason: String)
    /// A still image or slideshow folder for `source = "image"` cannot be used.
    case badImage(path: String, reason: String)
    /// A video file, folder or stream for `source = "video"` cannot be played (missing, an
    /// unsupported codec, a stream that dropped): the path and GStreamer's own message.
    case videoFailed(path: String, message: String)
    /// No frame arrived for longer than the driver's frame interval allows.
    case stalled(device: String, seconds: Double)

    public var description: String {
        switch self {
        case let .cannotOpen(device, code):
            let hint = code == ENOENT ? "is the camera plugged in and its driver loaded?"
                : code == EACCES ? "add the service user to the 'video' group"
                : "check the device path in [camera] device"
            return "\(device): cannot open (\(Self.text(code))); \(hint)"
        case let .notACaptureDevice(device, card):
            return "\(device): '\(card)' is not a streaming video capture device; point [camera] device at the camera's capture node"
        case let .unsupportedFormat(device, offered):
            return "\(device): the driver offers \(offered), which the feed cannot convert; use a camera with YUYV, UYVY, NV12, I420 (YU12), RGB24, BGR24, XRGB32 or MJPEG"
        case let .ioctlFailed(device, call, code):
            let hint = code == EBUSY ? "; another program is using the camera" : ""
            return "\(device): \(call) failed (\(Self.text(code)))\(hint)"
        case let .deviceGone(device):
            return "\(device): the camera went away (unplugged?); showing the fallback until it returns"
        case let .shortFrame(device, bytes, expected):
            return "\(device): the driver delivered a short frame (\(bytes) of \(expected) bytes)"
        case let .corruptFrame(device, reason):
            return "\(device): corrupt frame (\(reason))"
        case let .badImage(path, reason):
            return "\(path): \(reason); fix [camera] path"
        case let .videoFailed(path, message):
            return "\(path): \(message); showing the fallback and trying again (check [camera] path)"
        case let .stalled(device, seconds):
            return "\(device): no frame for \(String(format: "%.1f", seconds)) s; restarting the capture"
        }
    }

    /// Frame-level faults: the device is still there, one buffer was bad.
    public var isFrameFault: Bool {
        switch self {
        case .shortFrame, .corruptFrame: true
        default: false
        }
    }

    /// The same fault again (for logging once), ignoring numbers that vary from frame to frame.
    func isSameKind(as other: CameraError) -> Bool {
        switch (self, other) {
        case (.cannotOpen(_, let a), .cannotOpen(_, let b)): a == b
        case (.notACaptureDevice, .notACaptureDevice), (.unsupportedFormat, .unsupportedFormat),
             (.deviceGone, .deviceGone), (.shortFrame, .shortFrame), (.corruptFrame, .corruptFrame),
             (.stalled, .stalled), (.badImage, .badImage):
            true
        case (.ioctlFailed(_, let a, let x), .ioctlFailed(_, let b, let y)): a == b && x == y
        // A stream that keeps dropping says so once, whatever GStreamer's detail each time.
        case (.videoFailed(let a, _), .videoFailed(let b, _)): a == b
        default: false
        }
    }

    private static func text(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
