import KioskCompositor
import KioskEngine
import KioskOptions
import XCTest
@testable import KioskCamera

final class PixelFormatConversionTests: XCTestCase {
    private func convert(_ bytes: [UInt8], format: CameraPixelFormat, width: Int, height: Int, bytesPerLine: Int,
                         displayWidth: Int? = nil, displayHeight: Int? = nil) throws -> PixelBuffer {
        let destination = PixelBuffer(width: displayWidth ?? width, height: displayHeight ?? height)
        try bytes.withUnsafeBytes { raw in
            try FrameConverter(source: "/dev/video9").convert(
                CapturedFrame(pixelFormat: format, width: width, height: height, bytesPerLine: bytesPerLine, bytes: raw),
                into: destination)
        }
        return destination
    }

    private func assertColor(_ pixel: UInt32, _ red: Int, _ green: Int, _ blue: Int, tolerance: Int = 2,
                             file: StaticString = #filePath, line: UInt = #line) {
        let c = channels(pixel)
        XCTAssertEqual(c.red, red, accuracy: tolerance, "red of \(String(pixel, radix: 16))", file: file, line: line)
        XCTAssertEqual(c.green, green, accuracy: tolerance, "green of \(String(pixel, radix: 16))", file: file, line: line)
        XCTAssertEqual(c.blue, blue, accuracy: tolerance, "blue of \(String(pixel, radix: 16))", file: file, line: line)
    }

    func testNV12OfOddWidthNeedsLinesHoldingTheLastChromaPair() throws {
        // Found by FuzzCameraFormats: a 1-pixel-wide NV12 frame with 1-byte lines read its V byte past the end.
        XCTAssertThrowsError(try convert([UInt8](repeating: 128, count: 8), format: .nv12, width: 1, height: 5, bytesPerLine: 1)) {
            guard case .corruptFrame? = $0 as? CameraError else { return XCTFail("got \($0)") }
        }
        let out = try convert([UInt8](repeating: 128, count: 16), format: .nv12, width: 1, height: 5, bytesPerLine: 2)
        assertColor(out[0, 4], 130, 130, 130)
    }

    func testYUYVPrimariesAndGreyInStudioRange() throws {
        let (r, g, b, k) = (StudioYUV.red, StudioYUV.green, StudioYUV.blue, StudioYUV.grey)
        let bytes: [UInt8] = [r.y, r.u, r.y, r.v, b.y, b.u, b.y, b.v,
                              g.y, g.u, g.y, g.v, k.y, k.u, k.y, k.v]
        let out = try convert(bytes, format: .yuyv, width: 4, height: 2, bytesPerLine: 8)
        assertColor(out[0, 0], 255, 0, 0)
        assertColor(out[1, 0], 255, 0, 0)
        assertColor(out[2, 0], 0, 0, 255)
        assertColor(out[3, 0], 0, 0, 255)
        assertColor(out[0, 1], 0, 255, 0)
        assertColor(out[1, 1], 0, 255, 0)
        assertColor(out[2, 1], 128, 128, 128)
        assertColor(out[3, 1], 128, 128, 128)
    }

    func testStudioBlackAndWhiteClampToFullRange() {
        let out = (try? convert([16, 128, 235, 128, 0, 128, 255, 128], format: .yuyv, width: 4, height: 1, bytesPerLine: 8))
        guard let out else { return XCTFail("a studio-range line was refused") }
        assertColor(out[0, 0], 0, 0, 0, tolerance: 0)
        assertColor(out[1, 0], 255, 255, 255, tolerance: 0)
        assertColor(out[2, 0], 0, 0, 0, tolerance: 0)
        assertColor(out[3, 0], 255, 255, 255, tolerance: 0)
    }

    func testYUYVUsesEachPixelsOwnLuma() throws {
        // One chroma pair, two different lumas: black then white.
        let out = try convert([16, 128, 235, 128], format: .yuyv, width: 2, height: 1, bytesPerLine: 4)
        assertColor(out[0, 0], 0, 0, 0)
        assertColor(out[1, 0], 255, 255, 255)
    }

    func testUYVYPrimaries() throws {
        let (r, g) = (StudioYUV.red, StudioYUV.green)
        let out = try convert([r.u, r.y, r.v, r.y, g.u, 16, g.v, g.y], format: .uyvy, width: 4, height: 1, bytesPerLine: 8)
        assertColor(out[0, 0], 255, 0, 0)
        assertColor(out[1, 0], 255, 0, 0)
        assertColor(out[3, 0], 0, 255, 0)
        // The third pixel has its own luma, studio black, under green's chroma.
        assertColor(out[2, 0], 0, 105, 0)
    }

    func testNV12SharesChromaOverTwoByTwoBlocks() throws {
        let (r, b) = (StudioYUV.red, StudioYUV.blue)
        let luma: [UInt8] = [r.y, r.y, b.y, b.y,
                             r.y, r.y, b.y, b.y]
        let chroma: [UInt8] = [r.u, r.v, b.u, b.v]
        let out = try convert(luma + chroma, format: .nv12, width: 4, height: 2, bytesPerLine: 4)
        for y in 0..<2 {
            assertColor(out[0, y], 255, 0, 0)
            assertColor(out[1, y], 255, 0, 0)
            assertColor(out[2, y], 0, 0, 255)
            assertColor(out[3, y], 0, 0, 255)
        }
    }

    func testRGB24AndBGR24ByteOrders() throws {
        let bytes: [UInt8] = [10, 20, 30, 200, 100, 50]
        let rgb = try convert(bytes, format: .rgb24, width: 2, height: 1, bytesPerLine: 6)
        XCTAssertEqual(rgb[0, 0], 0xFF0A_141E)
        XCTAssertEqual(rgb[1, 0], 0xFFC8_6432)
        let bgr = try convert(bytes, format: .bgr24, width: 2, height: 1, bytesPerLine: 6)
        XCTAssertEqual(bgr[0, 0], 0xFF1E_140A)
        XCTAssertEqual(bgr[1, 0], 0xFF32_64C8)
    }

    func testXRGB32KeepsItsColours() throws {
        // The feed is XRGB: the X byte may pass through, as nothing reads it.
        let out = try convert([0x00, 10, 20, 30, 0x7F, 200, 100, 50], format: .xrgb32, width: 2, height: 1, bytesPerLine: 8)
        XCTAssertEqual(out[0, 0] & 0x00FF_FFFF, 0x0A_141E)
        XCTAssertEqual(out[1, 0] & 0x00FF_FFFF, 0xC8_6432)
    }

    func testLinePaddingIsSkipped() throws {
        // Two RGB24 lines of one pixel, each padded to 8 bytes.
        let bytes: [UInt8] = [255, 0, 0, 9, 9, 9, 9, 9,
                              0, 0, 255, 9, 9, 9, 9, 9]
        let out = try convert(bytes, format: .rgb24, width: 1, height: 2, bytesPerLine: 8)
        XCTAssertEqual(out[0, 0], 0xFFFF_0000)
        XCTAssertEqual(out[0, 1], 0xFF00_00FF)
    }

    func testMJPEGDecodesThroughTheImageDecoder() throws {
        let picture = PixelBuffer(width: 32, height: 16)
        picture.fill(0xFFC8_3214)
        let jpeg = try XCTUnwrap(JPEGEncoder.encode(picture, quality: 98))
        let out = try convert(jpeg, format: .mjpeg, width: 32, height: 16, bytesPerLine: 0, displayWidth: 8, displayHeight: 4)
        assertColor(out[0, 0], 200, 50, 20, tolerance: 4)
        assertColor(out[7, 3], 200, 50, 20, tolerance: 4)
    }

    func testCorruptMJPEGIsReportedNotDrawn() {
        let garbage: [UInt8] = [0xFF, 0xD8, 0x12, 0x34, 0x56, 0x00, 0x00, 0xFF]
        XCTAssertThrowsError(try convert(garbage, format: .mjpeg, width: 8, height: 8, bytesPerLine: 0)) { error in
            guard case .corruptFrame(let device, _)? = error as? CameraError else { return XCTFail("got \(error)") }
            XCTAssertEqual(device, "/dev/video9")
        }
    }

    func testShortFrameIsReportedWithItsLength() {
        XCTAssertThrowsError(try convert([UInt8](repeating: 0, count: 10), format: .yuyv, width: 4, height: 2, bytesPerLine: 8)) {
            XCTAssertEqual($0 as? CameraError, .shortFrame(device: "/dev/video9", bytes: 10, expected: 16))
        }
    }

    func testFourCCRoundTrip() {
        for format in CameraPixelFormat.allCases {
            XCTAssertEqual(CameraPixelFormat(fourCC: format.fourCC), format)
        }
        XCTAssertEqual(CameraPixelFormat.yuyv.description, "YUYV")
        XCTAssertEqual(CameraPixelFormat.xrgb32.description, "BX24")
        XCTAssertNil(CameraPixelFormat(fourCC: 0x3231_5659)) // 'YV12'
    }
}
