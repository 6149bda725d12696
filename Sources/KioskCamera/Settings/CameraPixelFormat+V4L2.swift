import KioskOptions

/// What V4L2 needs of a capture format: its four-character code and the length of its lines and frames.
extension CameraPixelFormat: CustomStringConvertible {
    /// The V4L2 four-character code.
    public var fourCC: UInt32 {
        switch self {
        case .yuyv: Self.code("YUYV")
        case .uyvy: Self.code("UYVY")
        case .nv12: Self.code("NV12")
        case .i420: Self.code("YU12")
        case .rgb24: Self.code("RGB3")
        case .bgr24: Self.code("BGR3")
        case .xrgb32: Self.code("BX24")
        case .xbgr32: Self.code("XR24")
        case .mjpeg: Self.code("MJPG")
        }
    }

    /// The format for a V4L2 four-character code; 'JPEG' is treated as MJPEG.
    public init?(fourCC: UInt32) {
        if fourCC == Self.code("JPEG") {
            self = .mjpeg
            return
        }
        guard let format = Self.allCases.first(where: { $0.fourCC == fourCC }) else { return nil }
        self = format
    }

    /// A four-character code as text, for messages ("YUYV").
    public static func name(ofFourCC code: UInt32) -> String {
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: code >> ($0 * 8)) }
        let printable = bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
        return printable ? String(decoding: bytes, as: UTF8.self) : "0x" + String(code, radix: 16)
    }

    public var description: String { Self.name(ofFourCC: fourCC) }

    /// The smallest number of bytes one frame of this size needs; nil for MJPEG, whose size varies.
    public func minimumFrameLength(width: Int, height: Int, bytesPerLine: Int) -> Int? {
        switch self {
        case .mjpeg: nil
        // The UV plane follows the Y plane with the same line length.
        case .nv12: bytesPerLine * (height + (height + 1) / 2)
        // Two chroma planes of half the line length and half the rows follow the Y plane.
        case .i420: bytesPerLine * height + 2 * (bytesPerLine / 2) * ((height + 1) / 2)
        default: bytesPerLine * height
        }
    }

    /// Bytes of one line with no padding.
    public func packedLineLength(width: Int) -> Int {
        switch self {
        case .yuyv, .uyvy: ((width + 1) / 2) * 4
        case .nv12, .i420: ((width + 1) / 2) * 2
        case .rgb24, .bgr24: width * 3
        case .xrgb32, .xbgr32: width * 4
        case .mjpeg: 0
        }
    }

    private static func code(_ text: StaticString) -> UInt32 {
        let bytes = UnsafeBufferPointer(start: text.utf8Start, count: 4)
        return UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
    }
}
