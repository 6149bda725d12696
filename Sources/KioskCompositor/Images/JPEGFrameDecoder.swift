import CTurboJPEG
import KioskEngine

/// Decodes a stream of MJPEG camera frames: one libjpeg-turbo decoder and one output buffer kept
/// from frame to frame, so a steady stream allocates nothing, and libjpeg-turbo's fast integer
/// DCT and fast chroma upsampling (a camera frame is replaced a moment later; a still picture goes
/// through `ImageDecoder.decodeJPEG`, accurate). Used from one thread.
public final class JPEGFrameDecoder {
    private let handle: tjhandle?
    private var output: PixelBuffer?

    public init() {
        handle = tjInitDecompress()
    }

    deinit {
        if let handle { tjDestroy(handle) }
    }

    /// The frame at the largest reduction that still covers `size`, in `target` when it has that
    /// size and otherwise in the decoder's own buffer (valid until the next call). A truncated or
    /// damaged frame still yields a picture; only a hard error throws.
    public func decode(_ bytes: UnsafeRawBufferPointer, source: String, fitting size: Size,
                       into target: PixelBuffer? = nil) throws(ImageDecodingError) -> PixelBuffer {
        guard let handle else { throw ImageDecodingError(source: source, reason: "libjpeg-turbo could not start a decoder") }
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count > 2 else {
            throw ImageDecodingError(source: source, reason: "empty JPEG data")
        }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        guard tjDecompressHeader3(handle, base, UInt(bytes.count), &width, &height, &subsampling, &colorspace) == 0,
              width > 0, height > 0 else {
            throw ImageDecodingError(source: source, reason: "corrupt JPEG header (\(ImageDecoder.errorText(handle)))")
        }
        let header = ImageFileHeader(format: .jpeg, width: Int(width), height: Int(height),
                                     decodesWhole: ImageFileHeader(bytes: bytes)?.decodesWhole ?? true)
        if let problem = header.sizeProblem { throw ImageDecodingError(source: source, reason: problem) }
        let decoded = JPEGScale.choose(width: header.width, height: header.height, covering: size)
        let buffer: PixelBuffer
        if let target, target.width == decoded.width, target.height == decoded.height {
            buffer = target
        } else if let output, output.width == decoded.width, output.height == decoded.height {
            buffer = output
        } else {
            buffer = PixelBuffer(width: decoded.width, height: decoded.height)
            output = buffer
        }
        let flags = Int32(TJFLAG_FASTDCT) | Int32(TJFLAG_FASTUPSAMPLE)
        let result = buffer.pixels.withMemoryRebound(to: UInt8.self, capacity: buffer.stride * buffer.height) { out in
            tjDecompress2(handle, base, UInt(bytes.count), out, Int32(decoded.width), Int32(buffer.stride),
                          Int32(decoded.height), Int32(TJPF_BGRA.rawValue), flags)
        }
        if result != 0 && tjGetErrorCode(handle) == Int32(TJERR_FATAL.rawValue) {
            throw ImageDecodingError(source: source, reason: "corrupt JPEG data (\(ImageDecoder.errorText(handle)))")
        }
        return buffer
    }
}
