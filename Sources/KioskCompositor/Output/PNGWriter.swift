import CCairo
import KioskEngine

/// Writes a `PixelBuffer` as a PNG file through cairo.
public enum PNGWriter {
    /// - Parameter keepAlpha: false for display frames (XRGB, the top byte is ignored), true for
    ///   pictures with transparency.
    public static func write(_ buffer: PixelBuffer, to path: String, keepAlpha: Bool = false) throws {
        let status = try withSurface(of: buffer, keepAlpha: keepAlpha, naming: path) { cairo_surface_write_to_png($0, path) }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw ImageWritingError(path: path, reason: String(cString: cairo_status_to_string(status))
                                    + "; check that the directory exists and is writable")
        }
    }

    /// The PNG file's bytes, made in memory (a screenshot sent over D-Bus).
    public static func encode(_ buffer: PixelBuffer, keepAlpha: Bool = false) throws -> [UInt8] {
        var bytes: [UInt8] = []
        let status = try withSurface(of: buffer, keepAlpha: keepAlpha, naming: "(memory)") { surface in
            withUnsafeMutablePointer(to: &bytes) { output in
                cairo_surface_write_to_png_stream(surface, { context, data, length in
                    let output = context!.assumingMemoryBound(to: [UInt8].self)
                    output.pointee.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                    return CAIRO_STATUS_SUCCESS
                }, output)
            }
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw ImageWritingError(path: "(memory)", reason: String(cString: cairo_status_to_string(status)))
        }
        return bytes
    }

    /// Runs `body` with a cairo surface over the buffer's pixels (no copy).
    private static func withSurface<Result>(of buffer: PixelBuffer, keepAlpha: Bool, naming path: String,
                                            _ body: (OpaquePointer) -> Result) throws -> Result {
        guard let surface = cairo_image_surface_create_for_data(
            UnsafeMutableRawPointer(buffer.pixels).assumingMemoryBound(to: UInt8.self),
            keepAlpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24,
            Int32(buffer.width), Int32(buffer.height), Int32(buffer.stride)) else {
            throw ImageWritingError(path: path, reason: "cairo could not wrap the pixels")
        }
        defer { cairo_surface_destroy(surface) }
        return body(surface)
    }
}

/// Why a picture could not be written, naming the file.
public struct ImageWritingError: Error, CustomStringConvertible, Equatable {
    public var path: String
    public var reason: String

    public var description: String { "\(path): \(reason)" }
}
