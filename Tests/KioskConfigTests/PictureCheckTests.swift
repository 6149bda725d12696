import Foundation
import KioskTestFixtures
import XCTest
@testable import KioskConfig

/// `check-config` refuses pictures the daemon would refuse to decode, at the key naming them.
final class PictureCheckTests: XCTestCase {
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

    func testMissingUndecodableAndForeignPicturesAreErrorsNamingTheFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pictures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bitmap = folder.appendingPathComponent("logo.bmp").path
        try Data("BM".utf8 + [UInt8](repeating: 0, count: 60)).write(to: URL(fileURLWithPath: bitmap))
        let good = try OversizedPicture.write(OversizedPicture.png(width: 4, height: 4), named: "small.png")
        let missing = folder.appendingPathComponent("missing.png").path
        let path = try temporaryFile("""
            [[screen]]
            name = "a"
              [[screen.element]]
              type = "image"
              path = "\(missing)"
              [[screen.element]]
              type = "image"
              path = "\(bitmap)"
              [[screen.element]]
              type = "image"
              path = "\(good)"
            """)
        let check = ConfigurationCheck(path: path)
        XCTAssertEqual(check.diagnostics.map(\.description), [
            "\(path):5:10: screen.element.path: \(missing): no such file; the element would show nothing",
            "\(path):8:10: screen.element.path: \(bitmap): not a PNG or JPEG picture (or its header is damaged); convert it to PNG or JPEG",
        ])
        // --deep decodes the whole picture: the header of `good` is fine, its pixels are not.
        let deep = ConfigurationCheck(path: path) { $0 == good ? "corrupt PNG: no pixels" : nil }
        XCTAssertEqual(deep.diagnostics.last?.description, "\(path):11:10: screen.element.path: \(good): corrupt PNG: no pixels")
    }

    func testAnImageCameraWithAMissingPictureIsAnError() throws {
        let path = try temporaryFile("[camera]\nsource = \"image\"\npath = \"/nonexistent/backgrounds\"\n")
        XCTAssertEqual(ConfigurationCheck(path: path).diagnostics.map(\.description),
                       ["\(path):3:8: camera.path: /nonexistent/backgrounds: no such file or folder; the fallback would show instead"])
    }
}
