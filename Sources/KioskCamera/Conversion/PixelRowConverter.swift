import KioskOptions

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
        let chroma = Chroma(u: u, v: v)
        return chroma.pixel(luma: luma)
    }

    /// The chroma terms of one sample pair, computed once for both pixels that share them.
    private struct Chroma {
        let red: Int
        let green: Int
        let blue: Int

        @inline(__always)
        init(u: Int, v: Int) {
            let d = u &- 128
            let e = v &- 128
            red = 409 &* e
            green = 0 &- 100 &* d &- 208 &* e
            blue = 516 &* d
        }

        @inline(__always)
        func pixel(luma: Int) -> UInt32 {
            let c = 298 &* (luma &- 16) &+ 128
            return 0xFF00_0000 | clamp((c &+ red) >> 8) << 16 | clamp((c &+ green) >> 8) << 8 | clamp((c &+ blue) >> 8)
        }

        @inline(__always)
        private func clamp(_ value: Int) -> UInt32 {
            UInt32(truncatingIfNeeded: Swift.min(Swift.max(value, 0), 255))
        }
    }

    private static func packed422(_ line: UnsafePointer<UInt8>, firstX: Int, count: Int,
                                  lumaOffset: Int, uOffset: Int, vOffset: Int, into output: UnsafeMutablePointer<UInt32>) {
        var x = firstX
        var out = output
        var remaining = count
        // A crop that starts in the middle of a pair: its second pixel alone.
        if x & 1 == 1 && remaining > 0 {
            let pair = line + (x >> 1) &* 4
            out.pointee = Chroma(u: Int(pair[uOffset]), v: Int(pair[vOffset])).pixel(luma: Int(pair[lumaOffset + 2]))
            out += 1
            x += 1
            remaining -= 1
        }
        var pair = line + (x >> 1) &* 4
        for _ in 0..<(remaining >> 1) {
            let chroma = Chroma(u: Int(pair[uOffset]), v: Int(pair[vOffset]))
            out[0] = chroma.pixel(luma: Int(pair[lumaOffset]))
            out[1] = chroma.pixel(luma: Int(pair[lumaOffset + 2]))
            out += 2
            pair += 4
        }
        if remaining & 1 == 1 {
            out.pointee = Chroma(u: Int(pair[uOffset]), v: Int(pair[vOffset])).pixel(luma: Int(pair[lumaOffset]))
        }
    }

    private static func semiPlanar(_ luma: UnsafePointer<UInt8>, chroma: UnsafePointer<UInt8>, firstX: Int, count: Int,
                                   into output: UnsafeMutablePointer<UInt32>) {
        var x = firstX
        var index = 0
        while index < count {
            let uv = chroma + (x >> 1) &* 2
            let terms = Chroma(u: Int(uv[0]), v: Int(uv[1]))
            if x & 1 == 0 && index + 1 < count {
                output[index] = terms.pixel(luma: Int(luma[x]))
                output[index + 1] = terms.pixel(luma: Int(luma[x + 1]))
                index += 2
                x += 2
            } else {
                output[index] = terms.pixel(luma: Int(luma[x]))
                index += 1
                x += 1
            }
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
