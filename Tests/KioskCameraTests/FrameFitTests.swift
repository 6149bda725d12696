import KioskEngine
import XCTest
@testable import KioskCamera

/// A video element's frames are fitted into its box as its `fit` says (the background's `cover`
/// is `AspectFillTests`' business): `contain` and `center` leave transparent bars where the
/// screen behind shows, and every pixel of their picture is opaque; `fill` stretches (drawn as
/// x8r8g8b8, its alpha byte is not read).
final class FrameFitTests: XCTestCase {
    private let red: UInt32 = 0xFFFF_0000, blue: UInt32 = 0xFF00_00FF

    /// Converts a 40x20 XRGB frame, red left of x = 20 and blue from there, into `width` x `height`.
    private func fitted(_ fit: ImageFit, width: Int, height: Int) throws -> PixelBuffer {
        var bytes: [UInt8] = []
        for _ in 0..<20 {
            for x in 0..<40 { bytes += x < 20 ? [0, 0xFF, 0, 0] : [0, 0, 0, 0xFF] }
        }
        let destination = PixelBuffer(width: width, height: height)
        destination.fill(0xFF12_3456)
        let converter = FrameConverter(source: "test", fit: fit)
        try bytes.withUnsafeBytes { raw in
            try converter.convert(CapturedFrame(pixelFormat: .xrgb32, width: 40, height: 20, bytesPerLine: 160, bytes: raw), into: destination)
        }
        return destination
    }

    func testContainLetterboxesWithTransparentBars() throws {
        let frame = try fitted(.contain, width: 40, height: 40)
        XCTAssertEqual(frame[5, 5], 0, "the bar above is transparent")
        XCTAssertEqual(frame[5, 35], 0, "and the one below")
        XCTAssertEqual(frame[5, 10], red, "the picture starts at its first row")
        XCTAssertEqual(frame[35, 29], blue, "and ends at its last")
        XCTAssertEqual(frame[5, 30], 0)
    }

    func testContainScalesThePictureToTheBoxAndKeepsItOpaque() throws {
        let frame = try fitted(.contain, width: 80, height: 80)
        XCTAssertEqual(frame[40, 10], 0, "a bar of 20 rows above")
        XCTAssertEqual(frame[40, 70], 0, "and below")
        XCTAssertEqual(channels(frame[10, 40]).alpha, 255)
        XCTAssertGreaterThan(channels(frame[10, 40]).red, 240)
        XCTAssertGreaterThan(channels(frame[70, 40]).blue, 240)
    }

    func testFillStretchesTheWholePicture() throws {
        let frame = try fitted(.fill, width: 20, height: 40)
        // Scaled by libyuv's bilinear filter, up to 2/255 darker.
        XCTAssertGreaterThan(channels(frame[2, 0]).red, 250, "nothing is cropped: the left half is red")
        XCTAssertLessThan(channels(frame[2, 0]).blue, 5)
        XCTAssertGreaterThan(channels(frame[17, 39]).blue, 250, "and the right half blue")
        XCTAssertLessThan(channels(frame[17, 39]).red, 5)
    }

    func testCenterShowsNaturalSizeCroppedOrFramed() throws {
        let cropped = try fitted(.center, width: 20, height: 10)
        XCTAssertEqual(cropped[9, 5], red, "the middle 20 columns: red up to the frame's centre")
        XCTAssertEqual(cropped[10, 5], blue, "blue from it, pixel for pixel")
        let framed = try fitted(.center, width: 60, height: 40)
        XCTAssertEqual(framed[9, 20], 0, "transparent around the picture")
        XCTAssertEqual(framed[10, 10], red)
        XCTAssertEqual(framed[49, 29], blue)
        XCTAssertEqual(framed[50, 29], 0)
    }
}
