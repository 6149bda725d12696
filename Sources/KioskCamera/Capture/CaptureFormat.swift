import KioskOptions

/// What the driver agreed to deliver after negotiation.
public struct CaptureFormat: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public var pixelFormat: CameraPixelFormat
    public var bytesPerLine: Int
    /// Frames a second the driver chose; nil when it does not say.
    public var framesPerSecond: Double?
    /// The driver's name for the device (V4L2 `card`).
    public var card: String
    /// Whether the buffers were exported as DMABUF for zero-copy scan-out, and why not.
    public var bufferExport: BufferExport = .notAsked

    /// The DMABUF export of the capture buffers (VIDIOC_EXPBUF).
    public enum BufferExport: Hashable, Sendable {
        /// Not asked for: frames are converted (no display plane could take them as they are).
        case notAsked
        case exported
        /// Asked for but refused; the reason.
        case failed(String)
    }

    public init(width: Int, height: Int, pixelFormat: CameraPixelFormat, bytesPerLine: Int,
                framesPerSecond: Double? = nil, card: String = "") {
        self.width = width
        self.height = height
        self.pixelFormat = pixelFormat
        self.bytesPerLine = bytesPerLine
        self.framesPerSecond = framesPerSecond
        self.card = card
    }

    public var description: String {
        let rate = framesPerSecond.map { " at \(Self.trimmed($0)) fps" } ?? ""
        return "\(width)x\(height) \(pixelFormat)\(rate)"
    }

    private static func trimmed(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
    }
}
