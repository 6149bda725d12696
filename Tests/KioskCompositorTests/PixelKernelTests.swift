import CKioskPixels
import KioskEngine
import KioskTestFixtures
import XCTest

/// The C pixel loops behind the background blur, each checked against values worked out by hand;
/// kiosk_box_blur sums small windows directly and large ones with running sums, and both must give the box mean.
final class PixelKernelTests: XCTestCase {
    /// A dark picture with one bright red pixel at `spot`, after one box pass of `radius` in each direction.
    private func blurredSpot(size: Int, spot: (x: Int, y: Int), value: UInt32, radius: Int) -> PixelBuffer {
        let picture = PixelBuffer(width: size, height: size)
        for y in 0..<size { for x in 0..<size { picture[x, y] = 0xFF00_0000 } }
        picture[spot.x, spot.y] = 0xFF00_0000 | value << 16
        let scratch = UnsafeMutablePointer<UInt32>.allocate(capacity: 2 * size * size + 2 * size)
        defer { scratch.deallocate() }
        kiosk_box_blur(picture.pixels, Int32(size), Int32(size), picture.rowLength, Int32(radius), 1, scratch)
        return picture
    }

    func testSmallRadiusSpreadsASpotEvenlyOverItsWindow() {
        PixelModes.each { mode in
            let picture = blurredSpot(size: 9, spot: (4, 4), value: 144, radius: 1)
            XCTAssertEqual(picture[3, 3] >> 16 & 0xFF, 16, "144 / 9 inside the 3x3 window (\(mode))")
            XCTAssertEqual(picture[5, 4] >> 16 & 0xFF, 16, mode)
            XCTAssertEqual(picture[6, 4] >> 16 & 0xFF, 0, "nothing outside it (\(mode))")
            XCTAssertEqual(picture[4, 4] >> 24, 0xFF, "opaque stays opaque (\(mode))")
        }
    }

    func testLargeRadiusSpreadsASpotEvenlyOverItsWindow() {
        PixelModes.each { mode in
            let picture = blurredSpot(size: 21, spot: (10, 10), value: 242, radius: 5)
            XCTAssertEqual(picture[5, 15] >> 16 & 0xFF, 2, "242 / 121 inside the 11x11 window (\(mode))")
            XCTAssertEqual(picture[4, 10] >> 16 & 0xFF, 0, mode)
        }
    }

    func testEdgesRepeatTheBorderPixel() {
        PixelModes.each { mode in
            // A spot in the corner counts once for each window position that reaches past the edge.
            let picture = blurredSpot(size: 9, spot: (0, 0), value: 90, radius: 1)
            XCTAssertEqual(picture[0, 0] >> 16 & 0xFF, 40, "(2 x 2 copies of 90) / 9, rounded (\(mode))")
            XCTAssertEqual(picture[1, 1] >> 16 & 0xFF, 10, mode)
        }
    }

    func testRowUpscaleByEightRampsBetweenPixelCentres() {
        PixelModes.each { mode in
            // Two small pixels, red 0 and 255: output columns 4...11 lie between their centres.
            let small: [UInt32] = [0xFF00_0000, 0xFFFF_0000]
            var wide = [UInt32](repeating: 0, count: 16)
            kiosk_upscale_rows(small, 2, 2, 1, &wide, 16, 8)
            let reds = wide.map { Int($0 >> 16 & 0xFF) }
            XCTAssertEqual(reds, [0, 0, 0, 0, 15, 47, 79, 111, 143, 175, 207, 239, 255, 255, 255, 255], mode)
            XCTAssertTrue(wide.allSatisfy { $0 >> 24 == 0xFF }, "alpha stays opaque (\(mode))")
        }
    }

    func testEvenDownscaleTakesTheMeanOfTheFourPixelsAroundEachCentre() {
        PixelModes.each { mode in
            // 3x2 red values, factor 2: the first small pixel averages columns 0-1, the second repeats the edge column 2.
            let reds: [UInt32] = [10, 20, 200,
                                  30, 41, 100]
            let source = reds.map { 0xFF00_0000 | $0 << 16 }
            var small = [UInt32](repeating: 0, count: 2)
            kiosk_downscale_even(source, 3, 3, 2, &small, 2, 2, 1, 2)
            XCTAssertEqual(small.map { Int($0 >> 16 & 0xFF) }, [25, 150], "(10 + 20 + 30 + 41 + 2) / 4 and (200 + 200 + 100 + 100) / 4 (\(mode))")
            XCTAssertTrue(small.allSatisfy { $0 >> 24 == 0xFF }, mode)
        }
    }

    /// The fused fade at every start within a cache line and at widths from one pixel to several
    /// lines: each byte is (camera x keep + top x its weight + bottom x its weight + 64) / 128, the
    /// rows sampled as the header says, and nothing outside the rectangle is written.
    func testFadeRectGivesTheByteFormulaAtEveryAlignment() {
        let width = 96, factor = 2, alpha = 77
        let camera = PixelBuffer(width: width, height: 6), wide = PixelBuffer(width: width, height: 3)
        let out = PixelBuffer(width: width, height: 6)
        for y in 0..<6 { for x in 0..<width { camera[x, y] = UInt32(truncatingIfNeeded: (x * 2_654_435_761) ^ (y * 40_503)) } }
        for y in 0..<3 { for x in 0..<width { wide[x, y] = UInt32(truncatingIfNeeded: (x * 97 + y * 131) * 16_843_009) } }
        func expected(x: Int, y: Int) -> UInt32 {
            let position = ((2 * y + 1) * 64) / factor - 64
            var row = position < 0 ? 0 : position >> 7, fraction = position < 0 ? 0 : position & 127, next = row + 1
            if row >= wide.height - 1 { row = wide.height - 1; next = row; fraction = 0 }
            let bottomWeight = (alpha * fraction + 64) >> 7, topWeight = alpha - bottomWeight, keep = 128 - alpha
            var pixel: UInt32 = 0
            for shift in stride(from: 0, to: 32, by: 8) {
                func byte(_ value: UInt32) -> Int { Int(value >> UInt32(shift) & 0xFF) }
                let sum = byte(camera[x, y]) * keep + byte(wide[x, row]) * topWeight + byte(wide[x, next]) * bottomWeight + 64
                pixel |= UInt32(sum >> 7) << UInt32(shift)
            }
            return pixel
        }
        PixelModes.each { mode in
            for left in 0..<17 {
                for count in stride(from: 1, through: width - left, by: 5) {
                    for y in 0..<6 { for x in 0..<width { out[x, y] = 0x1234_5678 } }
                    kiosk_fade_rect(out.pixels + out.rowLength + left, out.rowLength, camera.pixels + camera.rowLength + left,
                                    camera.rowLength, wide.pixels, wide.rowLength, Int32(wide.height), Int32(factor),
                                    Int32(left), 1, Int32(count), 4, Int32(alpha))
                    for y in 0..<6 {
                        for x in 0..<width {
                            let inside = x >= left && x < left + count && y >= 1 && y < 5
                            let want = inside ? expected(x: x, y: y) : 0x1234_5678
                            guard out[x, y] == want else {
                                return XCTFail("\(mode), rectangle from x \(left), \(count) wide: (\(x), \(y)) is \(String(out[x, y], radix: 16)), want \(String(want, radix: 16))")
                            }
                        }
                    }
                }
            }
        }
    }

    func testPooledCopyFillsTheBoxesFromTheSourceAndNothingElse() {
        // Large enough to be shared across the threads: two boxes sharing rows, a box narrower
        // than a cache line and a half, one below; the source's top-left pixel landing at (7, 4).
        let source = PixelBuffer(width: 700, height: 300), out = PixelBuffer(width: 720, height: 310)
        for y in 0..<source.height { for x in 0..<source.width { source[x, y] = 0xFF00_0000 | UInt32(x) << 8 | UInt32(y % 256) } }
        let boxes = [kiosk_box(x1: 9, y1: 5, x2: 300, y2: 120), kiosk_box(x1: 310, y1: 5, x2: 700, y2: 120),
                     kiosk_box(x1: 20, y1: 125, x2: 37, y2: 140), kiosk_box(x1: 7, y1: 150, x2: 707, y2: 304)]
        let pool = kiosk_pool_create(3)
        defer { kiosk_pool_destroy(pool) }
        PixelModes.each { mode in
            for y in 0..<out.height { for x in 0..<out.width { out[x, y] = 0x1234_5678 } }
            boxes.withUnsafeBufferPointer {
                kiosk_copy_boxes_pooled(pool, out.pixels, out.rowLength, source.pixels, source.rowLength, 7, 4, $0.baseAddress, Int32($0.count))
            }
            var wrong = 0
            for y in 0..<out.height {
                for x in 0..<out.width {
                    let inside = boxes.contains { x >= $0.x1 && x < $0.x2 && y >= $0.y1 && y < $0.y2 }
                    if out[x, y] != (inside ? source[x - 7, y - 4] : 0x1234_5678) { wrong += 1 }
                }
            }
            XCTAssertEqual(wrong, 0, "pixels copied wrong or written outside the boxes (\(mode))")
        }
    }
}
