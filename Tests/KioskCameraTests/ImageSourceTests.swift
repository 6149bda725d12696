import KioskEngine
import KioskTestFixtures
import XCTest
@testable import KioskCamera

final class ImageSourceTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try makeTemporaryFolder()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func slideshow() throws -> ImageSource {
        try writeSolidJPEG(0xFFFF_0000, named: "1-red.jpg", in: folder)
        try writeSolidJPEG(0xFF00_00FF, named: "2-blue.JPG", in: folder)
        try Data("not a picture".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        return try ImageSource(path: folder.path, width: 8, height: 6, interval: 2, crossfade: 1)
    }

    func testFolderIsShownInNameOrderIgnoringOtherFiles() throws {
        let source = try slideshow()
        XCTAssertEqual(source.paths.map { ($0 as NSString).lastPathComponent }, ["1-red.jpg", "2-blue.JPG"])
        XCTAssertGreaterThan(channels(source.frame(at: 0.5)[3, 3]).red, 245)
        XCTAssertGreaterThan(channels(source.frame(at: 3.5)[3, 3]).blue, 245)
    }

    func testCrossfadeBlendsTheTwoSlides() throws {
        let source = try slideshow()
        let start = channels(source.frame(at: 2.0)[4, 2])
        XCTAssertGreaterThan(start.red, 245)
        let middle = channels(source.frame(at: 2.5)[4, 2])
        XCTAssertEqual(middle.red, 128, accuracy: 6)
        XCTAssertEqual(middle.blue, 128, accuracy: 6)
        XCTAssertEqual(middle.alpha, 255)
        let quarter = channels(source.frame(at: 2.25)[4, 2])
        XCTAssertEqual(quarter.red, 191, accuracy: 6)
        XCTAssertEqual(quarter.blue, 64, accuracy: 6)
    }

    func testShowLoopsBackToTheFirstSlide() throws {
        let source = try slideshow()
        let fadingBack = channels(source.frame(at: 4.5)[1, 1])
        XCTAssertEqual(fadingBack.red, 128, accuracy: 6)
        XCTAssertGreaterThan(channels(source.frame(at: 5.5)[1, 1]).red, 245)
    }

    func testUnchangedPictureKeepsItsSequenceSoTheBlurIsNotRedone() throws {
        let source = try slideshow()
        let first = source.frame(at: 0.2)
        let sequence = first.sequence
        XCTAssertTrue(source.frame(at: 1.5) === first)
        XCTAssertEqual(first.sequence, sequence)
        XCTAssertGreaterThan(source.frame(at: 2.2).sequence, sequence)
        XCTAssertGreaterThan(source.frame(at: 2.3).sequence, sequence + 1)
    }

    func testNextChangeWaitsForTheNextSlideOutsideFades() throws {
        let source = try slideshow()
        XCTAssertEqual(source.nextChange(after: 0.5), 2)
        XCTAssertEqual(try XCTUnwrap(source.nextChange(after: 2.5)), 2.5 + 1.0 / 30, accuracy: 1e-9)
        XCTAssertEqual(source.nextChange(after: 3.2), 4)
    }

    func testSingleImageNeverChanges() throws {
        try writeSolidJPEG(0xFF00_FF00, named: "still.jpg", in: folder, width: 40, height: 10)
        let source = try ImageSource(path: folder.appendingPathComponent("still.jpg").path, width: 10, height: 10)
        XCTAssertNil(source.nextChange(after: 0))
        XCTAssertGreaterThan(channels(source.frame(at: 100)[0, 0]).green, 245)
        XCTAssertEqual(source.summary, "image \(folder.appendingPathComponent("still.jpg").path)")
    }

    func testMissingPathAndEmptyFolderNameThePath() throws {
        let missing = folder.appendingPathComponent("nowhere").path
        XCTAssertThrowsError(try ImageSource(path: missing, width: 4, height: 4)) {
            XCTAssertEqual($0 as? CameraError, .badImage(path: missing, reason: "no such file or folder"))
        }
        XCTAssertThrowsError(try ImageSource(path: folder.path, width: 4, height: 4)) {
            XCTAssertTrue("\($0)".contains(self.folder.path))
            XCTAssertTrue("\($0)".contains("no .png"))
        }
    }

    func testUndecodableFirstPictureIsRejected() throws {
        let path = folder.appendingPathComponent("broken.png").path
        try Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3]).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try ImageSource(path: path, width: 4, height: 4)) { error in
            guard case .badImage(let reported, _)? = error as? CameraError else { return XCTFail("got \(error)") }
            XCTAssertEqual(reported, path)
        }
    }

    func testPictureOverThePixelCapIsRejectedNamingItsSize() throws {
        let path = try OversizedPicture.write(OversizedPicture.jpeg(width: 65500, height: 65500), named: "huge.jpg")
        XCTAssertThrowsError(try ImageSource(path: path, width: 4, height: 4)) { error in
            guard case .badImage(let reported, let reason)? = error as? CameraError else { return XCTFail("got \(error)") }
            XCTAssertEqual(reported, path)
            XCTAssertTrue(reason.hasPrefix("the JPEG is 65500x65500 pixels"), reason)
        }
    }
}
