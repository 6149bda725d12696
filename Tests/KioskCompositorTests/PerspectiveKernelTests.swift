import CKioskPixels
import KioskEngine
import KioskTestFixtures
import XCTest

/// kiosk_perspective_rect on maps worked out by hand, in both pixel modes.
final class PerspectiveKernelTests: XCTestCase {
    private let identity: [Double] = [1, 0, 0, 0, 1, 0, 0, 0, 1]

    private func picture(_ width: Int, _ height: Int, _ pixel: (Int, Int) -> UInt32) -> PixelBuffer {
        let buffer = PixelBuffer(width: width, height: height)
        for y in 0..<height { for x in 0..<width { buffer[x, y] = pixel(x, y) } }
        return buffer
    }

    private func draw(_ source: PixelBuffer, into out: PixelBuffer, rect: PixelRect? = nil, inverse: [Double],
                      alpha: Int32 = 255, over: Bool = true) {
        let r = rect ?? PixelRect(x: 0, y: 0, width: out.width, height: out.height)
        let result = kiosk_perspective_rect(out.pixels, out.rowLength, Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height),
                                            source.pixels, source.rowLength, Int32(source.width), Int32(source.height),
                                            inverse, alpha, over ? 1 : 0)
        XCTAssertEqual(result, 0)
    }

    func testIdentityMapCopiesEveryPixelAndLeavesTheRestAlone() {
        PixelModes.each { mode in
            // 20 wide, so whole vectors of eight and a scalar tail both run.
            let source = picture(20, 5) { x, y in 0xFF00_0000 | UInt32(x * 12) << 16 | UInt32(y * 40) << 8 | 7 }
            let out = picture(24, 8) { _, _ in 0xFF20_2020 }
            draw(source, into: out, inverse: identity)
            XCTAssertEqual(out[0, 0], source[0, 0], mode)
            XCTAssertEqual(out[13, 4], source[13, 4], mode)
            XCTAssertEqual(out[19, 2], source[19, 2], mode)
            XCTAssertEqual(out[20, 2], 0xFF20_2020, "right of the picture (\(mode))")
            XCTAssertEqual(out[5, 5], 0xFF20_2020, "below the picture (\(mode))")
        }
    }

    func testEdgesHalfCoveredAreHalfBlendedAsPixmanDoes() {
        PixelModes.each { mode in
            // Shifted right by half a pixel: output pixels 0 and 2 straddle the picture's edges.
            let source = picture(2, 2) { _, _ in 0xFFFF_0000 }
            let out = picture(4, 2) { _, _ in 0xFF00_0000 }
            draw(source, into: out, inverse: [1, 0, -0.5, 0, 1, 0, 0, 0, 1])
            // Red: 255 x 64 / 128 = 127 (truncated); alpha 127 + 255 x 128 / 255.
            XCTAssertEqual(out[0, 0], 0xFF7F_0000, mode)
            XCTAssertEqual(out[1, 0], 0xFFFF_0000, "inside: the full colour (\(mode))")
            XCTAssertEqual(out[2, 1], 0xFF7F_0000, mode)
            XCTAssertEqual(out[3, 1], 0xFF00_0000, "past the edge: untouched (\(mode))")
        }
    }

    func testOpacityAndSourceOperatorAndClip() {
        PixelModes.each { mode in
            let source = picture(16, 16) { _, _ in 0xFFFF_0000 }
            let out = picture(16, 16) { _, _ in 0xFF00_00FF }
            draw(source, into: out, rect: PixelRect(x: 2, y: 3, width: 12, height: 2), inverse: identity, alpha: 128, over: false)
            XCTAssertEqual(out[2, 3], 0x8080_0000, "SRC at half opacity: 255 x 128 / 255 (\(mode))")
            XCTAssertEqual(out[13, 4], 0x8080_0000, mode)
            XCTAssertEqual(out[1, 3], 0xFF00_00FF, "left of the clip (\(mode))")
            XCTAssertEqual(out[2, 5], 0xFF00_00FF, "below the clip (\(mode))")
        }
    }

    func testPerspectiveMapFollowsTheDivision() {
        PixelModes.each { mode in
            // w = 1 + X / 16: output pixel (X, Y) samples source column (X + 0.5) / w and row (Y + 0.5) / w,
            // both well inside the picture on row 40 (red says the column, the rows are all alike).
            let source = picture(64, 64) { x, _ in 0xFF00_0000 | UInt32(x * 4) << 16 }
            let out = picture(64, 64) { _, _ in 0xFF00_0000 }
            draw(source, into: out, inverse: [1, 0, 0, 0, 1, 0, 1.0 / 16, 0, 1])
            for x in [3, 9, 17, 30, 47, 63] {
                let centre = (Double(x) + 0.5) / (1 + (Double(x) + 0.5) / 16) - 0.5
                let red = Int(out[x, 40] >> 16 & 0xFF)
                XCTAssertLessThanOrEqual(abs(Double(red) - centre * 4), 1, "pixel \(x): red \(red), bilinear value \(centre * 4) (\(mode))")
                XCTAssertEqual(out[x, 40] >> 24, 0xFF, "pixel \(x) (\(mode))")
            }
        }
    }

    /// A region cut into many boxes (the inside of a turned card, say) drawn in one pass: each
    /// pixel inside a box as when its box is drawn alone, nothing outside the boxes touched.
    func testBoxesInOnePassDrawAsEachBoxAlone() {
        let source = picture(60, 40) { x, y in 0xFF00_0000 | UInt32(x * 4) << 16 | UInt32(y * 6) << 8 | UInt32((x + y) % 2 * 200) }
        let boxes = [kiosk_box(x1: 3, y1: 2, x2: 20, y2: 9), kiosk_box(x1: 26, y1: 2, x2: 31, y2: 9),
                     kiosk_box(x1: 0, y1: 9, x2: 50, y2: 10), kiosk_box(x1: 7, y1: 14, x2: 44, y2: 30)]
        let maps: [(String, [Double], UInt32)] = [
            // A turn about the vertical axis (rows solved once per column): the same bit for bit.
            ("upright", [1.25, 0, -2, 0.11, 1, -3, 0.0042, 0, 0.83], 0),
            // A general perspective map: within pixman's tolerance.
            ("general", [0.9, 0.05, 3, 0, 1.1, -4, -0.006, 0.0005, 1.2], 2),
        ]
        PixelModes.each { mode in
            for (name, inverse, tolerance) in maps {
                for over in [true, false] {
                    let whole = picture(52, 32) { _, _ in 0xFF20_4060 }, alone = picture(52, 32) { _, _ in 0xFF20_4060 }
                    let result = boxes.withUnsafeBufferPointer {
                        kiosk_perspective_boxes_pooled(nil, whole.pixels, whole.rowLength, $0.baseAddress, Int32($0.count),
                                                       source.pixels, source.rowLength, Int32(source.width), Int32(source.height),
                                                       inverse, 200, over ? 1 : 0)
                    }
                    XCTAssertEqual(result, 0)
                    for box in boxes {
                        draw(source, into: alone, rect: PixelRect(x: Int(box.x1), y: Int(box.y1), width: Int(box.x2 - box.x1),
                                                                  height: Int(box.y2 - box.y1)), inverse: inverse, alpha: 200, over: over)
                    }
                    var worst: UInt32 = 0
                    for y in 0..<whole.height {
                        for x in 0..<whole.width {
                            let inside = boxes.contains { x >= $0.x1 && x < $0.x2 && y >= $0.y1 && y < $0.y2 }
                            if !inside {
                                XCTAssertEqual(whole[x, y], 0xFF20_4060, "\(name) outside the boxes at (\(x), \(y)) (\(mode))")
                                continue
                            }
                            for shift in stride(from: 0, to: 32, by: 8) {
                                let a = whole[x, y] >> UInt32(shift) & 0xFF, b = alone[x, y] >> UInt32(shift) & 0xFF
                                worst = max(worst, a > b ? a - b : b - a)
                            }
                        }
                    }
                    XCTAssertLessThanOrEqual(worst, tolerance, "\(name), over \(over) (\(mode))")
                    // Boxes out of order are drawn one by one.
                    let unordered = picture(52, 32) { _, _ in 0xFF20_4060 }
                    _ = Array(boxes.reversed()).withUnsafeBufferPointer {
                        kiosk_perspective_boxes_pooled(nil, unordered.pixels, unordered.rowLength, $0.baseAddress, Int32($0.count),
                                                       source.pixels, source.rowLength, Int32(source.width), Int32(source.height),
                                                       inverse, 200, over ? 1 : 0)
                    }
                    XCTAssertTrue(memcmp(unordered.pixels, alone.pixels, 4 * alone.rowLength * alone.height) == 0, "\(name) (\(mode))")
                }
            }
        }
    }

    func testModeCanBeForcedPortable() {
        PixelModes.each { mode in
            XCTAssertTrue(["avx2", "avx512", "sse2", "neon", "portable"].contains(mode), mode)
        }
        kiosk_pixels_force_portable(1)
        XCTAssertEqual(String(cString: kiosk_pixels_mode()), "portable")
        kiosk_pixels_force_portable(ProcessInfo.processInfo.environment["SWIPE_KIOSK_PIXELS"] == "portable" ? 1 : 0)
    }
}
