import KioskOptions

/// A DRM pixel format by its four-character code (drm_fourcc.h), named as modetest names it ("XR24").
public struct DRMFormat: Hashable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    public var code: UInt32

    public init(code: UInt32) { self.code = code }

    public init(integerLiteral code: UInt32) { self.code = code }

    public init(_ name: StaticString) {
        let bytes = UnsafeBufferPointer(start: name.utf8Start, count: 4)
        code = UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
    }

    /// The four characters, or the code in hex where they are not printable.
    public var description: String {
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: code >> ($0 * 8)) }
        let printable = bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
        return printable ? String(decoding: bytes, as: UTF8.self) : "0x" + String(code, radix: 16)
    }

    public static let xrgb8888 = DRMFormat("XR24")
    public static let argb8888 = DRMFormat("AR24")
    public static let yuyv = DRMFormat("YUYV")
    public static let uyvy = DRMFormat("UYVY")
    public static let nv12 = DRMFormat("NV12")
    /// Memory order X, R, G, B: V4L2's XRGB32 ('BX24') has the same bytes and the same code.
    public static let bgrx8888 = DRMFormat("BX24")

    /// The format a plane must take to scan a capture buffer of `format` out as it is (no conversion);
    /// nil where DRM has none (planar I420 with its own plane order, packed 24-bit, MJPEG).
    public static func scanout(of format: CameraPixelFormat) -> DRMFormat? {
        switch format {
        case .yuyv: .yuyv
        case .uyvy: .uyvy
        case .nv12: .nv12
        case .xrgb32: .bgrx8888
        case .xbgr32: .xrgb8888
        case .i420, .rgb24, .bgr24, .mjpeg: nil
        }
    }
}
