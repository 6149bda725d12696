import CPNG
import CTurboJPEG
import Foundation
import KioskEngine

/// Decodes PNG and JPEG pictures into `PixelBuffer`s (premultiplied 0xAARRGGBB).
///
/// PNG goes through libpng, JPEG through libjpeg-turbo (the library that also decodes MJPEG camera
/// frames), so a still image and a camera frame end up in one format.
public enum ImageDecoder {
    /// Decodes the file at `path`, choosing the decoder by the file's signature, not its name.
    ///
    /// - Parameter size: the pixels the picture is drawn into, when known: a JPEG is decoded at
    ///   the smallest reduction that still covers it. Any picture whose smallest decodable size
    ///   exceeds `ImageFileHeader.maximumDecodedPixels` is refused before anything is allocated.
    public static func decode(contentsOf path: String, fitting size: Size? = nil) throws -> PixelBuffer {
        let bytes: [UInt8]
        do {
            // Non-blocking, regular files only: a FIFO named as a picture must not hang the caller.
            bytes = try RegularFile.read(path, upTo: ImageFileHeader.maximumFileBytes, refuseLarger: true).bytes
        } catch .cannotOpen(_, let code) where code == ENOENT || code == EACCES {
            throw ImageDecodingError(source: path, reason: "cannot read the file (missing, or no permission)")
        } catch {
            throw ImageDecodingError(source: path, reason: error.reason)
        }
        return try decode(bytes, source: path, fitting: size)
    }

    /// Decodes PNG or JPEG bytes; `source` names the file in errors.
    public static func decode(_ bytes: [UInt8], source: String, fitting size: Size? = nil) throws -> PixelBuffer {
        if let problem = ImageFileHeader(bytes: bytes)?.sizeProblem {
            throw ImageDecodingError(source: source, reason: problem)
        }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            return try decodePNG(bytes, source: source)
        }
        if bytes.starts(with: [0xFF, 0xD8]) {
            // A picture file is shown as it is for as long as it is on screen: a warning (data
            // cut short, corrupt data) would show garbage, so it is an error here.
            return try bytes.withUnsafeBytes { raw in
                try decodeJPEG(raw, source: source, fitting: size, warningsAreErrors: true)
            }
        }
        throw ImageDecodingError(source: source, reason: "not a PNG or JPEG file; convert it to one of those")
    }

    /// Decodes PNG bytes through libpng, once the header shows the picture fits the pixel cap and
    /// every chunk fits in the file.
    static func decodePNG(_ bytes: [UInt8], source: String) throws -> PixelBuffer {
        let header = ImageFileHeader(bytes: bytes)
        if let problem = header?.sizeProblem ?? PNGChunkCheck.problem(in: bytes) {
            throw ImageDecodingError(source: source, reason: problem)
        }
        guard let header, header.format == .png else {
            throw ImageDecodingError(source: source, reason: "not a valid PNG (no image header)")
        }
        if PNGDeinterlacer.isInterlacedSixteenBit(bytes) {
            let rowByRow = try PNGDeinterlacer.deinterlaced(bytes, width: header.width, height: header.height, source: source)
            return try decodeSimplified(rowByRow, header: header, source: source)
        }
        return try decodeSimplified(bytes, header: header, source: source)
    }

    /// Decodes a PNG through libpng's simplified API, which `PNGDeinterlacer` has spared the files it scrambles.
    private static func decodeSimplified(_ bytes: [UInt8], header: ImageFileHeader, source: String) throws -> PixelBuffer {
        var image = png_image()
        image.version = kiosk_png_image_version
        defer { png_image_free(&image) }
        let begun = bytes.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard begun != 0 else {
            throw ImageDecodingError(source: source, reason: "corrupt PNG: \(image.messageText); export it again")
        }
        let width = Int(image.width), height = Int(image.height)
        // The cap was checked against the header's size: libpng must decode that size and no other.
        guard width > 0, height > 0, width == header.width, height == header.height else {
            throw ImageDecodingError(source: source, reason: "corrupt PNG: libpng reads it as \(width)x\(height), "
                                     + "its header says \(header.width)x\(header.height); export it again")
        }
        // BGRA in memory is 0xAARRGGBB as a little-endian UInt32, straight alpha until premultiplied below.
        image.format = kiosk_png_format_bgra
        let buffer = PixelBuffer(width: width, height: height)
        guard png_image_finish_read(&image, nil, buffer.pixels, Int32(buffer.stride), nil) != 0 else {
            // The chunks are sound (checked above), so what libpng refused is the compressed pixel data.
            throw ImageDecodingError(source: source, reason: "corrupt PNG: its compressed pixel data is damaged "
                                     + "(libpng could not inflate it: \(image.messageText)); export it again")
        }
        premultiply(buffer)
        return buffer
    }

    /// Straight alpha to the compositor's premultiplied alpha, rounding as pixman does (x * a / 255).
    static func premultiply(_ buffer: PixelBuffer) {
        for y in 0..<buffer.height {
            let row = buffer.pixels + y * buffer.rowLength
            for x in 0..<buffer.width {
                let pixel = row[x], alpha = pixel >> 24
                guard alpha != 0xFF else { continue }
                func scaled(_ shift: UInt32) -> UInt32 {
                    let t = (pixel >> shift & 0xFF) * alpha + 0x80
                    return ((t + (t >> 8)) >> 8) << shift
                }
                row[x] = alpha << 24 | scaled(16) | scaled(8) | scaled(0)
            }
        }
    }

    /// Decodes JPEG bytes (a file's contents or one MJPEG camera frame) through libjpeg-turbo,
    /// reduced by the largest of its scaling factors whose result still covers `size`.
    ///
    /// - Parameters:
    ///   - source: names the file or device in the error, so the operator knows where to look.
    ///   - warningsAreErrors: whether libjpeg-turbo's warnings (premature end of data, corrupt
    ///     data) refuse the picture; a camera frame, replaced a moment later, is shown anyway.
    public static func decodeJPEG(_ bytes: UnsafeRawBufferPointer, source: String,
                                  fitting size: Size? = nil, warningsAreErrors: Bool = false) throws -> PixelBuffer {
        guard let handle = tjInitDecompress() else {
            throw ImageDecodingError(source: source, reason: "libjpeg-turbo could not start a decoder")
        }
        defer { tjDestroy(handle) }
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count > 2 else {
            throw ImageDecodingError(source: source, reason: "empty JPEG data")
        }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        guard tjDecompressHeader3(handle, base, UInt(bytes.count), &width, &height, &subsampling, &colorspace) == 0,
              width > 0, height > 0 else {
            throw ImageDecodingError(source: source, reason: "corrupt JPEG header (\(errorText(handle)))")
        }
        // A frame whose scans this reader cannot find is held whole: libjpeg-turbo skips junk it does not.
        let header = ImageFileHeader(format: .jpeg, width: Int(width), height: Int(height),
                                     decodesWhole: ImageFileHeader(bytes: bytes)?.decodesWhole ?? true)
        if let problem = header.sizeProblem { throw ImageDecodingError(source: source, reason: problem) }
        let decoded = JPEGScale.choose(width: header.width, height: header.height, covering: size)
        let buffer = PixelBuffer(width: decoded.width, height: decoded.height)
        // BGRA in memory is 0xAARRGGBB as a little-endian UInt32, with alpha set to 0xFF.
        let result = buffer.pixels.withMemoryRebound(to: UInt8.self, capacity: buffer.stride * buffer.height) { out in
            tjDecompress2(handle, base, UInt(bytes.count), out, Int32(decoded.width), Int32(buffer.stride),
                          Int32(decoded.height), Int32(TJPF_BGRA.rawValue), 0)
        }
        // A warning (e.g. a truncated tail) still yields a picture; only a hard error is fatal.
        if result != 0 && (warningsAreErrors || tjGetErrorCode(handle) == Int32(TJERR_FATAL.rawValue)) {
            throw ImageDecodingError(source: source, reason: "corrupt JPEG data (\(errorText(handle)))")
        }
        return buffer
    }

    /// libjpeg-turbo's message for the last error on `handle`.
    static func errorText(_ handle: tjhandle) -> String {
        guard let text = tjGetErrorStr2(handle) else { return "unknown error" }
        return String(cString: text)
    }
}

/// Why a picture could not be decoded, naming the file or device it came from.
public struct ImageDecodingError: Error, CustomStringConvertible, Equatable {
    public var source: String
    public var reason: String

    public var description: String { "\(source): \(reason)" }
}
