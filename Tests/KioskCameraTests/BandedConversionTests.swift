import KioskCompositor
import KioskEngine
import KioskOptions
import XCTest
@testable import KioskCamera

/// FrameConverter cuts each conversion and scale into bands of rows run on its worker threads:
/// whatever the cut, every pixel must be the one a single pass makes.
final class BandedConversionTests: XCTestCase {
    private let width = 320, height = 240

    private func convert(_ format: CameraPixelFormat, bytes: [UInt8], bytesPerLine: Int, threads: Int,
                         displayWidth: Int, displayHeight: Int) throws -> [UInt32] {
        let destination = PixelBuffer(width: displayWidth, height: displayHeight)
        try bytes.withUnsafeBytes { raw in
            try FrameConverter(source: "/dev/video9", threads: threads).convert(
                CapturedFrame(pixelFormat: format, width: width, height: height, bytesPerLine: bytesPerLine, bytes: raw),
                into: destination)
        }
        return (0..<(displayWidth * displayHeight)).map { destination[$0 % displayWidth, $0 / displayWidth] }
    }

    func testTwoThreadsMakeTheSamePixelsAsOne() throws {
        // Scaled up, cropped with an odd lead row, scaled down, and pixel for pixel.
        let displays = [(480, 360), (500, 301), (200, 150), (320, 240)]
        for format in CameraBenchmark.formats {
            let frame = try XCTUnwrap(CameraBenchmark.frameBytes(format: format, width: width, height: height), "\(format)")
            for (displayWidth, displayHeight) in displays {
                let one = try convert(format, bytes: frame.bytes, bytesPerLine: frame.bytesPerLine, threads: 1,
                                      displayWidth: displayWidth, displayHeight: displayHeight)
                let two = try convert(format, bytes: frame.bytes, bytesPerLine: frame.bytesPerLine, threads: 2,
                                      displayWidth: displayWidth, displayHeight: displayHeight)
                let differing = zip(one, two).filter { $0 & 0x00FF_FFFF != $1 & 0x00FF_FFFF }.count
                XCTAssertEqual(differing, 0, "\(format) to \(displayWidth)x\(displayHeight): pixels that differ between 1 and 2 threads")
            }
        }
    }

    func testBandsCoverEveryRow() throws {
        // A frame the size of the display, converted in bands straight into place: no row is left
        // as the destination held it (white here; the frame's pattern has no white row).
        let frame = try XCTUnwrap(CameraBenchmark.frameBytes(format: .nv12, width: width, height: height))
        let destination = PixelBuffer(width: width, height: height)
        destination.fill(0xFFFF_FFFF)
        try frame.bytes.withUnsafeBytes { raw in
            try FrameConverter(source: "/dev/video9", threads: 2).convert(
                CapturedFrame(pixelFormat: .nv12, width: width, height: height, bytesPerLine: frame.bytesPerLine, bytes: raw),
                into: destination)
        }
        let untouched = (0..<height).filter { y in (0..<width).allSatisfy { destination[$0, y] == 0xFFFF_FFFF } }
        XCTAssertEqual(untouched, [], "rows no band converted")
    }
}
