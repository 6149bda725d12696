import CYUV
import KioskEngine
import KioskOptions
import KioskTestFixtures
import XCTest
@testable import KioskCamera

/// Every conversion libyuv does for the feed, pixel by pixel against the double-precision BT.601
/// reference within 2/255, with libyuv's SIMD rows and with its C rows.
final class LibyuvConversionTests: XCTestCase {
    private let width = 64, height = 34

    private func convert(_ bytes: [UInt8], _ format: CameraPixelFormat, bytesPerLine: Int,
                         displayWidth: Int? = nil, displayHeight: Int? = nil) throws -> PixelBuffer {
        let destination = PixelBuffer(width: displayWidth ?? width, height: displayHeight ?? height)
        try bytes.withUnsafeBytes { raw in
            try FrameConverter(source: "/dev/video9").convert(
                CapturedFrame(pixelFormat: format, width: width, height: height, bytesPerLine: bytesPerLine, bytes: raw),
                into: destination)
        }
        return destination
    }

    private func assertMatches(_ out: PixelBuffer, _ picture: YUVTestPicture, _ label: String,
                               file: StaticString = #filePath, line: UInt = #line) {
        var worst = 0
        for y in 0..<height {
            for x in 0..<width {
                let got = channels(out[x, y]), want = channels(picture.expected(x: x, y: y))
                worst = max(worst, abs(got.red - want.red), abs(got.green - want.green), abs(got.blue - want.blue))
            }
        }
        XCTAssertLessThanOrEqual(worst, 2, "\(label): largest channel difference from the BT.601 reference", file: file, line: line)
    }

    func testYUYVAndUYVYMatchTheReferenceWithSIMDAndCRows() throws {
        let picture = YUVTestPicture(width: width, height: height, chromaColumns: 2, chromaRows: 1)
        try LibyuvRows.each { mode in
            assertMatches(try convert(picture.packed422(lumaFirst: true), .yuyv, bytesPerLine: width * 2), picture, "YUYV \(mode)")
            XCTAssertEqual(TestCpuFlag(-1) == kCpuInitialized, mode == "libyuv C rows", "libyuv's rows in \(mode)")
            assertMatches(try convert(picture.packed422(lumaFirst: false), .uyvy, bytesPerLine: width * 2), picture, "UYVY \(mode)")
        }
    }

    func testNV12AndI420MatchTheReferenceWithSIMDAndCRows() throws {
        let picture = YUVTestPicture(width: width, height: height, chromaColumns: 2, chromaRows: 2)
        try LibyuvRows.each { mode in
            assertMatches(try convert(picture.nv12(), .nv12, bytesPerLine: width), picture, "NV12 \(mode)")
            assertMatches(try convert(picture.i420(), .i420, bytesPerLine: width), picture, "I420 \(mode)")
        }
    }

    func testRGBFormatsAreCopiedExactlyWithSIMDAndCRows() throws {
        var rgb: [UInt8] = [], bgr: [UInt8] = [], xrgb: [UInt8] = [], expected: [UInt32] = []
        for i in 0..<(width * height) {
            let (r, g, b) = (UInt8(i % 251), UInt8((i * 7) % 256), UInt8((i * 13 + 5) % 256))
            rgb += [r, g, b]
            bgr += [b, g, r]
            xrgb += [UInt8(i % 3 == 0 ? 0 : 0x7F), r, g, b]
            expected.append(0xFF00_0000 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b))
        }
        try LibyuvRows.each { mode in
            for (bytes, format, line) in [(rgb, CameraPixelFormat.rgb24, width * 3), (bgr, .bgr24, width * 3), (xrgb, .xrgb32, width * 4)] {
                let out = try convert(bytes, format, bytesPerLine: line)
                // The feed is XRGB: the top byte is not read (XRGB32's X byte passes through).
                let pixels = (0..<(width * height)).map { out[$0 % width, $0 / width] & 0x00FF_FFFF }
                XCTAssertEqual(pixels, expected.map { $0 & 0x00FF_FFFF }, "\(format) in \(mode)")
            }
        }
    }

    func testScaledConversionKeepsColoursAndFillsTheDisplay() throws {
        // Four flat quadrants scaled 1.5x: away from the seams every pixel is its quadrant's colour,
        // within 2/255 for the conversion and 2/255 for libyuv's scaler (see FrameConverter.scale).
        let colours = [StudioYUV.red, StudioYUV.green, StudioYUV.blue, StudioYUV.grey]
        var bytes: [UInt8] = []
        for y in 0..<height {
            for pair in 0..<(width / 2) {
                let c = colours[(y < height / 2 ? 0 : 2) + (pair < width / 4 ? 0 : 1)]
                bytes += [c.y, c.u, c.y, c.v]
            }
        }
        try LibyuvRows.each { mode in
            let out = try convert(bytes, .yuyv, bytesPerLine: width * 2, displayWidth: width * 3 / 2, displayHeight: height * 3 / 2)
            for (x, y, c) in [(4, 4, colours[0]), (90, 4, colours[1]), (4, 46, colours[2]), (90, 46, colours[3])] {
                let got = channels(out[x, y]), want = BT601Reference.rgb(y: c.y, u: c.u, v: c.v)
                XCTAssertEqual([got.red, got.green, got.blue], [want.red, want.green, want.blue], accuracy: 4, "\(mode) at \(x),\(y)")
            }
        }
    }
}

private func XCTAssertEqual(_ values: [Int], _ expected: [Int], accuracy: Int, _ message: String,
                            file: StaticString = #filePath, line: UInt = #line) {
    for (value, wanted) in zip(values, expected) {
        XCTAssertEqual(value, wanted, accuracy: accuracy, "\(values) against \(expected): \(message)", file: file, line: line)
    }
}
