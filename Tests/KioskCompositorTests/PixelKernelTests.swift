import CKioskPixels
import KioskEngine
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
