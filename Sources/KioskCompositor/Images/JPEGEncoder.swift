import CTurboJPEG
import KioskEngine

/// Encodes a picture as JPEG with libjpeg-turbo, to make MJPEG frames for the camera benchmark and tests.
public enum JPEGEncoder {
    /// JPEG bytes of `buffer` with 4:2:2 chroma, as webcams send; nil if libjpeg-turbo fails.
    public static func encode(_ buffer: PixelBuffer, quality: Int32 = 85) -> [UInt8]? {
        guard let handle = tjInitCompress() else { return nil }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var length: UInt = 0
        let result = buffer.pixels.withMemoryRebound(to: UInt8.self, capacity: buffer.stride * buffer.height) { pixels in
            tjCompress2(handle, pixels, Int32(buffer.width), Int32(buffer.stride), Int32(buffer.height),
                        Int32(TJPF_BGRA.rawValue), &output, &length, Int32(TJSAMP_422.rawValue), quality, 0)
        }
        guard result == 0, let output else { return nil }
        defer { tjFree(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(length)))
    }
}
