import Foundation
import KioskTestFixtures
import XCTest
@testable import KioskConfig

/// `check-config` refuses pictures the daemon would refuse to decode, at the key naming them.
final class ImageSizeCheckTests: XCTestCase {
    func testOversizedImageElementIsReportedAtItsPathKey() throws {
        let huge = try OversizedPicture.write(OversizedPicture.jpeg(width: 65500, height: 65500), named: "huge.jpg")
        let path = try temporaryFile("""
            [[screen]]
            name = "a"
              [[screen.element]]
              type = "image"
              path = "\(huge)"
            """)
        let check = ConfigurationCheck(path: path)
        XCTAssertFalse(check.isValid)
        XCTAssertEqual(check.diagnostics.count, 1)
        XCTAssertTrue(check.report.hasPrefix("\(path):5:10: screen.element.path: \(huge): the JPEG is 65500x65500 pixels"),
                      check.report)
    }

    func testOversizedCameraPictureInAFolderIsReported() throws {
        let huge = try OversizedPicture.write(OversizedPicture.png(width: 20000, height: 20000), named: "huge.png")
        let folder = (huge as NSString).deletingLastPathComponent
        let path = try temporaryFile("[camera]\nsource = \"image\"\npath = \"\(folder)\"\n")
        let check = ConfigurationCheck(path: path)
        XCTAssertTrue(check.report.hasPrefix("\(path):3:8: camera.path: \(huge): the PNG is 20000x20000 pixels (400 megapixels)"),
                      check.report)
    }

    func testPictureWithinTheCapPasses() throws {
        // A JPEG decodes at an eighth of each side, so 20000x20000 (6.25 million pixels then) is fine.
        let large = try OversizedPicture.write(OversizedPicture.jpeg(width: 20000, height: 20000), named: "large.jpg")
        let path = try temporaryFile("[camera]\nsource = \"image\"\npath = \"\(large)\"\n")
        XCTAssertTrue(ConfigurationCheck(path: path).isValid, ConfigurationCheck(path: path).report)
    }
}
