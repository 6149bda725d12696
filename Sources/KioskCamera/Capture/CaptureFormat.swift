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
