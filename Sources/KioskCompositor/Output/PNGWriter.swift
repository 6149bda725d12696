import CPNG
import Foundation
import KioskEngine

/// Writes a `PixelBuffer` as a PNG file through libpng.
public enum PNGWriter {
    /// - Parameter keepAlpha: false for display frames (XRGB, the top byte is ignored), true for
    ///   pictures with transparency.
    public static func write(_ buffer: PixelBuffer, to path: String, keepAlpha: Bool = false) throws {
        let bytes = try encode(buffer, keepAlpha: keepAlpha, naming: path)
        guard let file = fopen(path, "wb") else {
            throw ImageWritingError(path: path, reason: String(cString: strerror(errno))
                                    + "; check that the directory exists and is writable")
        }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        let closed = fclose(file)
        guard written == bytes.count, closed == 0 else {
            throw ImageWritingError(path: path, reason: String(cString: strerror(errno)) + "; check that the disk has room")
        }
    }

    /// The PNG file's bytes, made in memory (a screenshot sent over D-Bus).
    public static func encode(_ buffer: PixelBuffer, keepAlpha: Bool = false) throws -> [UInt8] {
        try encode(buffer, keepAlpha: keepAlpha, naming: "(memory)")
    }

    private static func encode(_ buffer: PixelBuffer, keepAlpha: Bool, naming path: String) throws -> [UInt8] {
        let rows: [UInt8] = keepAlpha ? straightBGRA(buffer).withUnsafeBytes { Array($0) } : packedBGR(buffer)
        var image = png_image()
        image.version = kiosk_png_image_version
        image.width = UInt32(buffer.width)
        image.height = UInt32(buffer.height)
        image.format = keepAlpha ? kiosk_png_format_bgra : kiosk_png_format_bgr
        defer { png_image_free(&image) }
        let rowBytes = Int32(buffer.width * (keepAlpha ? 4 : 3))
        // The first call measures, the second writes into memory of that size.
        var size = 0
        let measured = rows.withUnsafeBytes { png_image_write_to_memory(&image, nil, &size, 0, $0.baseAddress, rowBytes, nil) }
        guard measured != 0, size > 0 else {
            throw ImageWritingError(path: path, reason: "libpng could not encode the pixels (\(image.messageText))")
        }
        var bytes = [UInt8](repeating: 0, count: size)
        let done = bytes.withUnsafeMutableBytes { output in
            rows.withUnsafeBytes { png_image_write_to_memory(&image, output.baseAddress, &size, 0, $0.baseAddress, rowBytes, nil) }
        }
        guard done != 0 else {
            throw ImageWritingError(path: path, reason: "libpng could not encode the pixels (\(image.messageText))")
        }
        return Array(bytes.prefix(size))
    }

    /// Blue, green, red per pixel: an opaque frame's colour bytes without the ignored top byte.
    private static func packedBGR(_ buffer: PixelBuffer) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: buffer.width * buffer.height * 3)
        var index = 0
        for y in 0..<buffer.height {
            let row = buffer.pixels + y * buffer.rowLength
            for x in 0..<buffer.width {
                let pixel = row[x]
                bytes[index] = UInt8(pixel & 0xFF)
                bytes[index + 1] = UInt8(pixel >> 8 & 0xFF)
                bytes[index + 2] = UInt8(pixel >> 16 & 0xFF)
                index += 3
            }
        }
        return bytes
    }

    /// The pixels with their premultiplied alpha undone, as PNG stores them.
    private static func straightBGRA(_ buffer: PixelBuffer) -> [UInt32] {
        var pixels = [UInt32](repeating: 0, count: buffer.width * buffer.height)
        for y in 0..<buffer.height {
            let row = buffer.pixels + y * buffer.rowLength
            for x in 0..<buffer.width {
                let pixel = row[x], alpha = pixel >> 24
                guard alpha != 0xFF, alpha != 0 else {
                    pixels[y * buffer.width + x] = alpha == 0 ? 0 : pixel
                    continue
                }
                func straight(_ shift: UInt32) -> UInt32 { (min((pixel >> shift & 0xFF) * 255 + alpha / 2, 255 * alpha) / alpha) << shift }
                pixels[y * buffer.width + x] = alpha << 24 | straight(16) | straight(8) | straight(0)
            }
        }
        return pixels
    }
}

/// Why a picture could not be written, naming the file.
public struct ImageWritingError: Error, CustomStringConvertible, Equatable {
    public var path: String
    public var reason: String

    public var description: String { "\(path): \(reason)" }
}
