import KioskEngine
import XCTest
@testable import KioskCamera

final class AspectFillTests: XCTestCase {
    func testWiderSourceIsCroppedLeftAndRight() {
        let fill = AspectFill(sourceWidth: 1920, sourceHeight: 1080, destinationWidth: 800, destinationHeight: 800)
        XCTAssertEqual(fill.scale, 800.0 / 1080, accuracy: 1e-12)
        XCTAssertEqual(fill.visibleWidth, 1080, accuracy: 1e-9)
        XCTAssertEqual(fill.visibleHeight, 1080, accuracy: 1e-9)
        XCTAssertEqual(fill.visibleX, 420, accuracy: 1e-9)
        XCTAssertEqual(fill.visibleY, 0, accuracy: 1e-9)
    }

    func testTallerSourceIsCroppedTopAndBottom() {
        let fill = AspectFill(sourceWidth: 640, sourceHeight: 480, destinationWidth: 1280, destinationHeight: 720)
        XCTAssertEqual(fill.scale, 2, accuracy: 1e-12)
        XCTAssertEqual(fill.visibleWidth, 640, accuracy: 1e-9)
        XCTAssertEqual(fill.visibleHeight, 360, accuracy: 1e-9)
        XCTAssertEqual(fill.visibleX, 0, accuracy: 1e-9)
        XCTAssertEqual(fill.visibleY, 60, accuracy: 1e-9)
        let corner = fill.sourcePoint(destinationX: 0, destinationY: 0)
        XCTAssertEqual(corner.x, 0.25, accuracy: 1e-9)
        XCTAssertEqual(corner.y, 60.25, accuracy: 1e-9)
    }

    func testSameShapeScalesWithoutCrop() {
        let fill = AspectFill(sourceWidth: 1280, sourceHeight: 720, destinationWidth: 1920, destinationHeight: 1080)
        XCTAssertEqual(fill.scale, 1.5, accuracy: 1e-12)
        XCTAssertEqual(fill.visibleX, 0, accuracy: 1e-9)
        XCTAssertEqual(fill.visibleY, 0, accuracy: 1e-9)
        XCTAssertFalse(fill.isUnscaled)
    }

    /// A source with red, green and blue vertical thirds.
    private func stripes(width: Int, height: Int, greenFrom: Int, greenTo: Int) -> PixelBuffer {
        let source = PixelBuffer(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                source[x, y] = x < greenFrom ? 0xFFFF_0000 : (x < greenTo ? 0xFF00_FF00 : 0xFF00_00FF)
            }
        }
        return source
    }

    func testScalerShowsOnlyTheCentreOfAWideSource() {
        let destination = PixelBuffer(width: 4, height: 4)
        AspectFillScaler.scale(stripes(width: 16, height: 8, greenFrom: 4, greenTo: 12), into: destination)
        for y in 0..<4 {
            for x in 0..<4 {
                XCTAssertEqual(destination[x, y], 0xFF00_FF00, "pixel \(x),\(y)")
            }
        }
    }

    func testScalerSamplesAtPixelCentres() {
        let source = PixelBuffer(width: 2, height: 1)
        source[0, 0] = 0xFFFF_0000
        source[1, 0] = 0xFF00_00FF
        let destination = PixelBuffer(width: 4, height: 2)
        AspectFillScaler.scale(source, into: destination)
        let row = (0..<4).map { channels(destination[$0, 1]) }
        XCTAssertEqual(row.map(\.red), [255, 191, 64, 0], accuracy: 2)
        XCTAssertEqual(row.map(\.blue), [0, 64, 191, 255], accuracy: 2)
        XCTAssertTrue(row.allSatisfy { $0.alpha == 255 && $0.green == 0 })
    }

    func testScalerAtOneToOneCopiesTheCroppedWindow() {
        let destination = PixelBuffer(width: 4, height: 4)
        AspectFillScaler.scale(stripes(width: 8, height: 4, greenFrom: 2, greenTo: 6), into: destination)
        XCTAssertTrue((0..<4).allSatisfy { destination[$0, 2] == 0xFF00_FF00 })
    }

    func testUnscaledYUYVCropStartsAtAnOddPixel() throws {
        // Six grey levels across; a 4-wide display shows pixels 1...4.
        let lumas: [UInt8] = [16, 60, 100, 140, 180, 235]
        var bytes: [UInt8] = []
        for pair in 0..<3 { bytes += [lumas[pair * 2], 128, lumas[pair * 2 + 1], 128] }
        let destination = PixelBuffer(width: 4, height: 1)
        try bytes.withUnsafeBytes { raw in
            try FrameConverter(source: "test").convert(
                CapturedFrame(pixelFormat: .yuyv, width: 6, height: 1, bytesPerLine: 12, bytes: raw), into: destination)
        }
        let greys = (0..<4).map { channels(destination[$0, 0]).green }
        XCTAssertEqual(greys, lumas[1...4].map { Int(BT601Reference.pixel(y: $0, u: 128, v: 128) & 0xFF) })
    }

    func testScaledYUYVFillsTheWholeDisplay() throws {
        let bytes = solidYUYV(width: 8, height: 4, StudioYUV.red)
        let destination = PixelBuffer(width: 12, height: 10)
        try bytes.withUnsafeBytes { raw in
            try FrameConverter(source: "test").convert(
                CapturedFrame(pixelFormat: .yuyv, width: 8, height: 4, bytesPerLine: 16, bytes: raw), into: destination)
        }
        for (x, y) in [(0, 0), (11, 0), (0, 9), (11, 9), (6, 5)] {
            let c = channels(destination[x, y])
            XCTAssertGreaterThan(c.red, 250, "pixel \(x),\(y)")
            XCTAssertLessThan(c.blue, 5, "pixel \(x),\(y)")
        }
    }
}

private func XCTAssertEqual(_ values: [Int], _ expected: [Int], accuracy: Int, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(values.count, expected.count, file: file, line: line)
    for (value, wanted) in zip(values, expected) {
        XCTAssertEqual(value, wanted, accuracy: accuracy, "\(values) against \(expected)", file: file, line: line)
    }
}
