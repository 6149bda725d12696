import CGif
import Foundation
import KioskEngine
import KioskTestFixtures
import XCTest
@testable import KioskCompositor

/// PNG, animated GIF and contact sheet: what `swipe-kiosk demo` writes.
final class OutputWriterTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestFonts.pin()
    }

    private let directory = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-kiosk-writer-tests")

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    private func solid(_ pixel: UInt32, width: Int = 40, height: Int = 30) -> PixelBuffer {
        let frame = PixelBuffer(width: width, height: height)
        frame.fill(pixel)
        return frame
    }

    func testPNGRoundTrip() throws {
        let path = directory.appendingPathComponent("frame.png").path
        let frame = TestScene.pattern()
        try PNGWriter.write(frame, to: path)
        let read = try ImageDecoder.decode(contentsOf: path)
        XCTAssertEqual(read.width, frame.width)
        XCTAssertEqual(read[5, 7] & 0xFF_FFFF, frame[5, 7] & 0xFF_FFFF)
    }

    func testPNGIntoMissingDirectoryNamesThePath() {
        XCTAssertThrowsError(try PNGWriter.write(solid(0xFF00_0000), to: "/nonexistent/dir/frame.png")) { error in
            XCTAssertTrue("\(error)".contains("/nonexistent/dir/frame.png"), "\(error)")
        }
    }

    func testAnimatedGIFHasEveryFrameAndLoops() throws {
        let path = directory.appendingPathComponent("preview.gif").path
        try AnimatedGIFWriter(frameDelay: 0.05, maxWidth: 20)
            .write([solid(0xFFE6_2828), solid(0xFF28_C850), solid(0xFF28_5AE6)], to: path)
        var error: Int32 = 0
        let gif = try XCTUnwrap(DGifOpenFileName(path, &error))
        defer { DGifCloseFile(gif, &error) }
        XCTAssertEqual(DGifSlurp(gif), GIF_OK)
        XCTAssertEqual(gif.pointee.ImageCount, 3)
        XCTAssertEqual(gif.pointee.SWidth, 20, "scaled down to maxWidth")
        XCTAssertEqual(gif.pointee.SHeight, 15)
        let palette = try XCTUnwrap(gif.pointee.SColorMap)
        func colour(frame: Int) -> GifColorType {
            let index = Int(gif.pointee.SavedImages[frame].RasterBits[0])
            return palette.pointee.Colors[index]
        }
        XCTAssertGreaterThan(colour(frame: 0).Red, 180)
        XCTAssertGreaterThan(colour(frame: 1).Green, 150)
        XCTAssertGreaterThan(colour(frame: 2).Blue, 180)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertNotNil(data.range(of: Data("NETSCAPE2.0".utf8)), "the loop block is present")
    }

    func testContactSheetLaysFramesInAGridWithNumbers() {
        let frames = (0..<5).map { solid($0 % 2 == 0 ? 0xFFE6_2828 : 0xFF28_5AE6, width: 64, height: 48) }
        let sheet = ContactSheet(columns: 3, cellWidth: 64, gap: 4).make(frames)
        XCTAssertEqual(sheet.width, 4 + 3 * 68)
        XCTAssertEqual(sheet.height, 4 + 2 * 52)
        XCTAssertEqual(sheet[4 + 68 + 40, 4 + 40] & 0xFF_FFFF, 0x28_5AE6, "the second cell holds the second frame")
        XCTAssertEqual(sheet[4 + 2 * 68 + 40, 4 + 52 + 40] & 0xFF_FFFF, 0x20_2020, "the sixth cell is empty")
        let label = (4..<20).flatMap { y in (4..<24).map { sheet[$0, y] } }.filter { $0 & 0xFF_FFFF == 0xFF_FFFF }
        XCTAssertFalse(label.isEmpty, "the frame number is printed in white")
    }
}
