import KioskEngine
import XCTest
@testable import KioskCamera

/// `kiosk_bilinear`, which enlarges the feed's frames on AVX2 CPUs where libyuv runs its SIMD rows,
/// against a double-precision bilinear scale (pixel centres aligned, edges repeated).
final class BilinearEnlargementTests: XCTestCase {
    /// Source and output sizes: the bench's 1.5x (small), 3x, odd sizes both ways, the same width,
    /// and a height made smaller.
    private let sizes = [(64, 36, 96, 54), (32, 18, 96, 54), (33, 17, 100, 41), (5, 3, 7, 9), (40, 30, 40, 90), (50, 40, 75, 20)]

    private func enlargement(_ size: (Int, Int, Int, Int), bands: Int = 1) throws -> BilinearEnlargement {
        guard let enlargement = BilinearEnlargement(sourceWidth: size.0, sourceHeight: size.1, width: size.2, height: size.3, bands: bands) else {
            throw XCTSkip("kiosk_bilinear has no loop for this CPU (no AVX2)")
        }
        return enlargement
    }

    /// Smooth ramps in red and green, and blue in 6-pixel stripes of 40 and 200.
    private func picture(width: Int, height: Int) -> PixelBuffer {
        let picture = PixelBuffer(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let red = UInt32(x * 255 / max(width - 1, 1)), green = UInt32(255 - y * 255 / max(height - 1, 1))
                let blue: UInt32 = (x / 6 + y / 6) % 2 == 0 ? 40 : 200
                picture[x, y] = 0xFF00_0000 | red << 16 | green << 8 | blue
            }
        }
        return picture
    }

    private func scale(_ source: PixelBuffer, with enlargement: BilinearEnlargement, bands: Int = 1) -> PixelBuffer {
        let out = PixelBuffer(width: enlargement.width, height: enlargement.height)
        let bytes = UnsafeMutableRawPointer(source.pixels).assumingMemoryBound(to: UInt8.self)
        let outBytes = UnsafeMutableRawPointer(out.pixels).assumingMemoryBound(to: UInt8.self)
        for band in 0..<bands {
            enlargement.rows(band: band, source: bytes, sourceStride: source.stride, out: outBytes, outStride: out.stride,
                             from: out.height * band / bands, to: out.height * (band + 1) / bands)
        }
        return out
    }

    /// The bilinear sample of `source` at output pixel (x, y) of a `width` x `height` scale.
    private func reference(_ source: PixelBuffer, x: Int, y: Int, width: Int, height: Int) -> [Double] {
        func place(_ i: Int, _ from: Int, _ to: Int) -> (Int, Int, Double) {
            let position = min(max((Double(i) + 0.5) * Double(from) / Double(to) - 0.5, 0), Double(from - 1))
            let whole = Int(position)
            return (whole, min(whole + 1, from - 1), position - Double(whole))
        }
        let (x0, x1, fx) = place(x, source.width, width), (y0, y1, fy) = place(y, source.height, height)
        return (0..<3).map { channel in
            func value(_ px: Int, _ py: Int) -> Double { Double(source[px, py] >> (8 * UInt32(channel)) & 0xFF) }
            let top = value(x0, y0) * (1 - fx) + value(x1, y0) * fx, bottom = value(x0, y1) * (1 - fx) + value(x1, y1) * fx
            return top * (1 - fy) + bottom * fy
        }
    }

    func testEnlargementsMatchADoublePrecisionBilinearScaleAndKeepAlpha() throws {
        for size in sizes {
            let source = picture(width: size.0, height: size.1)
            let out = scale(source, with: try enlargement(size))
            var worst = 0.0, alpha = Set<UInt32>()
            for y in 0..<size.3 {
                for x in 0..<size.2 {
                    let want = reference(source, x: x, y: y, width: size.2, height: size.3)
                    for channel in 0..<3 {
                        worst = max(worst, abs(Double(out[x, y] >> (8 * UInt32(channel)) & 0xFF) - want[channel]))
                    }
                    alpha.insert(out[x, y] >> 24)
                }
            }
            // Positions and weights in 128ths of a pixel, rounded once across and once down.
            XCTAssertLessThanOrEqual(worst, 2.5, "\(size): largest channel difference from the reference")
            XCTAssertEqual(alpha, [0xFF], "\(size): alpha")
        }
    }

    func testAFlatColourComesOutExactly() throws {
        // The weights sum to one: nothing comes out darker, as libyuv's 127/128 filter does.
        let size = (64, 36, 96, 54)
        let source = PixelBuffer(width: size.0, height: size.1)
        source.fill(0xFFC8_6432)
        let out = scale(source, with: try enlargement(size))
        let colours = Set((0..<(size.2 * size.3)).map { out[$0 % size.2, $0 / size.2] })
        XCTAssertEqual(colours, [0xFFC8_6432])
    }

    func testBandsMakeTheSamePixelsAsOneCall() throws {
        for size in sizes {
            let source = picture(width: size.0, height: size.1)
            let whole = scale(source, with: try enlargement(size))
            let banded = scale(source, with: try enlargement(size, bands: 3), bands: 3)
            let differing = (0..<(size.2 * size.3)).filter { whole[$0 % size.2, $0 / size.2] != banded[$0 % size.2, $0 / size.2] }
            XCTAssertEqual(differing, [], "\(size): pixels that differ between one call and three bands")
        }
    }

    func testANarrowerOutputIsLeftToLibyuv() {
        XCTAssertNil(BilinearEnlargement(sourceWidth: 100, sourceHeight: 50, width: 99, height: 80, bands: 1))
        XCTAssertNil(BilinearEnlargement(sourceWidth: 0, sourceHeight: 50, width: 99, height: 80, bands: 1))
    }
}
