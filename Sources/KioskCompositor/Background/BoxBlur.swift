import KioskEngine

/// Running-sum box blur of premultiplied 32-bit pixels, in place, O(1) per pixel whatever the radius.
///
/// Used on small buffers only (the downscaled feed frame, a shadow drawn once), where three passes
/// approach a Gaussian; pixman has no blur of its own.
struct BoxBlur {
    var radius: Int
    var passes: Int = 3

    /// Blurs `buffer` with edge pixels repeated, `passes` times horizontally and vertically.
    func apply(to buffer: PixelBuffer) {
        guard radius > 0, buffer.width > 0, buffer.height > 0 else { return }
        let longest = max(buffer.width, buffer.height)
        let line = UnsafeMutablePointer<UInt32>.allocate(capacity: longest)
        defer { line.deallocate() }
        for _ in 0..<passes {
            for y in 0..<buffer.height {
                blurLine(buffer.pixels + y * buffer.rowLength, count: buffer.width, step: 1, scratch: line)
            }
            for x in 0..<buffer.width {
                blurLine(buffer.pixels + x, count: buffer.height, step: buffer.rowLength, scratch: line)
            }
        }
    }

    private func blurLine(_ start: UnsafeMutablePointer<UInt32>, count: Int, step: Int, scratch: UnsafeMutablePointer<UInt32>) {
        for i in 0..<count { scratch[i] = start[i * step] }
        let r = radius, window = UInt32(2 * r + 1)
        var sums = SIMD4<UInt32>(repeating: 0)
        func channels(_ p: UInt32) -> SIMD4<UInt32> {
            SIMD4(p >> 24, (p >> 16) & 0xFF, (p >> 8) & 0xFF, p & 0xFF)
        }
        func pixel(_ i: Int) -> SIMD4<UInt32> { channels(scratch[min(max(i, 0), count - 1)]) }
        for i in -r...r { sums &+= pixel(i) }
        let half = SIMD4<UInt32>(repeating: window / 2)
        for i in 0..<count {
            let v = (sums &+ half) / SIMD4(repeating: window)
            start[i * step] = v[0] << 24 | v[1] << 16 | v[2] << 8 | v[3]
            sums &+= pixel(i + r + 1)
            sums &-= pixel(i - r)
        }
    }
}
