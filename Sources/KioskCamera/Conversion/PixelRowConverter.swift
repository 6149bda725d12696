/// Converts one line of a capture format into 0xAARRGGBB pixels (alpha 0xFF).
///
/// YUV is BT.601 limited range ("studio swing", what V4L2 drivers send by default) in 8.8 fixed
/// point: no floating point and no allocation in the loops.
enum PixelRowConverter {
    /// Converts `count` pixels starting at pixel `firstX` of `line`.
    ///
    /// - Parameters:
    ///   - line: the start of the line (for NV12, of the Y line).
    ///   - chromaLine: for NV12, the start of the interleaved UV line for this row; unused otherwise.
    static func convert(_ format: CameraPixelFormat, line: UnsafePointer<UInt8>, chromaLine: UnsafePointer<UInt8>?,
                        firstX: Int, count: Int, into output: UnsafeMutablePointer<UInt32>) {
        switch format {
        case .yuyv: packed422(line, firstX: firstX, count: count, lumaOffset: 0, uOffset: 1, vOffset: 3, into: output)
        case .uyvy: packed422(line, firstX: firstX, count: count, lumaOffset: 1, uOffset: 0, vOffset: 2, into: output)
        case .nv12: semiPlanar(line, chroma: chromaLine ?? line, firstX: firstX, count: count, into: output)
        case .rgb24: packed24(line, firstX: firstX, count: count, red: 0, blue: 2, into: output)
        case .bgr24: packed24(line, firstX: firstX, count: count, red: 2, blue: 0, into: output)
        case .xrgb32: xrgb32(line, firstX: firstX, count: count, into: output)
        case .mjpeg: preconditionFailure("MJPEG frames are decoded whole, not by line")
        }
    }

    /// One BT.601 limited-range sample to an opaque pixel.
    @inline(__always)
    static func pixel(luma: Int, u: Int, v: Int) -> UInt32 {
        let c = 298 * (luma - 16) + 128
        let d = u - 128
        let e = v - 128
        let red = clamp((c + 409 * e) >> 8)
        let green = clamp((c - 100 * d - 208 * e) >> 8)
        let blue = clamp((c + 516 * d) >> 8)
        return 0xFF00_0000 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
    }

    @inline(__always)
    private static func clamp(_ value: Int) -> Int {
        value < 0 ? 0 : (value > 255 ? 255 : value)
    }

    private static func packed422(_ line: UnsafePointer<UInt8>, firstX: Int, count: Int,
                                  lumaOffset: Int, uOffset: Int, vOffset: Int, into output: UnsafeMutablePointer<UInt32>) {
        for i in 0..<count {
            let x = firstX + i
            let pair = line + (x >> 1) * 4
            let luma = Int(pair[lumaOffset + (x & 1) * 2])
            output[i] = pixel(luma: luma, u: Int(pair[uOffset]), v: Int(pair[vOffset]))
        }
    }

    private static func semiPlanar(_ luma: UnsafePointer<UInt8>, chroma: UnsafePointer<UInt8>, firstX: Int, count: Int,
                                   into output: UnsafeMutablePointer<UInt32>) {
        for i in 0..<count {
            let x = firstX + i
            let uv = chroma + (x >> 1) * 2
            output[i] = pixel(luma: Int(luma[x]), u: Int(uv[0]), v: Int(uv[1]))
        }
    }

    private static func packed24(_ line: UnsafePointer<UInt8>, firstX: Int, count: Int, red: Int, blue: Int,
                                 into output: UnsafeMutablePointer<UInt32>) {
        var source = line + firstX * 3
        for i in 0..<count {
            output[i] = 0xFF00_0000 | UInt32(source[red]) << 16 | UInt32(source[1]) << 8 | UInt32(source[blue])
            source += 3
        }
    }

    private static func xrgb32(_ line: UnsafePointer<UInt8>, firstX: Int, count: Int, into output: UnsafeMutablePointer<UInt32>) {
        var source = line + firstX * 4
        for i in 0..<count {
            // Bytes X, R, G, B in memory: the reverse of the little-endian 0xAARRGGBB word.
            output[i] = 0xFF00_0000 | UInt32(source[1]) << 16 | UInt32(source[2]) << 8 | UInt32(source[3])
            source += 4
        }
    }
}
