import Foundation
import KioskCompositor
import KioskEngine
@testable import KioskRuntime
import KioskTestSupport
import XCTest

/// A reload re-reads every picture whose file was replaced at the same path (another size,
/// modification time or inode), even when the config text did not change, and only those.
final class PictureReloadInProcessTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pictures-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Writes a 4x4 picture of one colour at `name`, as `cp` or an editor does: a new file renamed over the old one.
    @discardableResult
    private func writePicture(_ name: String, _ pixel: UInt32) throws -> String {
        let path = folder.appendingPathComponent(name).path
        let picture = PixelBuffer(width: 4, height: 4)
        picture.fill(pixel)
        let temporary = path + ".new"
        try PNGWriter.write(picture, to: temporary)
        guard rename(temporary, path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        return path
    }

    private func config(title: String = "home") -> String {
        """
        [display]
        backend = "headless"
        size = "320x200"
        [camera]
        source = "none"
        [indicator]
        enabled = false
        [[screen]]
        name = "\(title)"
        background = "#102030"
          [[screen.element]]
          type = "image"
          x = 0
          y = 0
          width = 100
          height = 100
          fit = "fill"
          path = "\(folder.appendingPathComponent("left.png").path)"
          [[screen.element]]
          type = "image"
          x = 200
          y = 0
          width = 100
          height = 100
          fit = "fill"
          path = "\(folder.appendingPathComponent("right.png").path)"
        """
    }

    func testAPictureReplacedAtTheSamePathShowsAfterAReloadOfAnUnchangedConfig() throws {
        try writePicture("left.png", 0xFFE0_2020)
        try writePicture("right.png", 0xFF20_20E0)
        let kiosk = try DaemonHarness(config: config())
        kiosk.settle()
        let compositor = kiosk.daemon.pacer.compositor
        XCTAssertEqual(kiosk.daemon.lastUprightFrame[50, 50] & 0xFF_FFFF, 0xE0_2020)
        XCTAssertEqual(compositor.picturesDecoded, 2)

        try writePicture("left.png", 0xFF20_C040)
        XCTAssertEqual(kiosk.daemon.reload(), .applied, "a changed picture is something a reload applies")
        kiosk.frames(2)
        XCTAssertEqual(kiosk.daemon.lastUprightFrame[50, 50] & 0xFF_FFFF, 0x20_C040, "the new picture is on the screen")
        XCTAssertEqual(kiosk.daemon.lastUprightFrame[250, 50] & 0xFF_FFFF, 0x20_20E0, "the other picture stays")
        XCTAssertEqual(compositor.picturesDecoded, 3, "only the changed picture is decoded again")
        XCTAssertTrue(kiosk.log.contains("pictures changed on disk, drawn again: \(folder.appendingPathComponent("left.png").path)"),
                      "\(kiosk.log.lines)")

        // Nothing changed since: nothing is decoded, and the reload says so.
        XCTAssertEqual(kiosk.daemon.reload(), .unchanged)
        kiosk.frames(2)
        XCTAssertEqual(compositor.picturesDecoded, 3)
    }

    func testAPictureReplacedAlongsideAConfigChangeShowsTheNewPicture() throws {
        try writePicture("left.png", 0xFFE0_2020)
        try writePicture("right.png", 0xFF20_20E0)
        let kiosk = try DaemonHarness(config: config())
        kiosk.settle()
        let compositor = kiosk.daemon.pacer.compositor
        XCTAssertEqual(compositor.picturesDecoded, 2)
        try writePicture("right.png", 0xFFF0_F000)
        try kiosk.rewriteConfig(config(title: "renamed"))
        XCTAssertEqual(kiosk.daemon.reload(), .applied)
        kiosk.settle()
        kiosk.frames(2)
        XCTAssertEqual(kiosk.daemon.screenNames, ["renamed"])
        XCTAssertEqual(kiosk.daemon.lastUprightFrame[250, 50] & 0xFF_FFFF, 0xF0_F000, "the new picture, not the cached one")
        XCTAssertEqual(kiosk.daemon.lastUprightFrame[50, 50] & 0xFF_FFFF, 0xE0_2020)
        XCTAssertEqual(compositor.picturesDecoded, 3, "the new scene keeps the unchanged picture's surface")
    }

    func testTheCameraStartsAgainWhenItsPictureIsReplacedAndOnlyThen() throws {
        let picture = try writePicture("background.png", 0xFF30_3030)
        let feed = FakeCameraFeed()
        let kiosk = try DaemonHarness(config: """
            [display]
            backend = "headless"
            size = "320x200"
            [camera]
            source = "image"
            path = "\(picture)"
            [[screen]]
            name = "home"
            """, camera: feed)
        kiosk.settle()
        XCTAssertEqual(feed.startCount, 1)
        XCTAssertEqual(kiosk.daemon.reload(), .unchanged)
        XCTAssertEqual(feed.startCount, 1, "an unchanged picture is not read again")

        try writePicture("background.png", 0xFF50_5050)
        XCTAssertEqual(kiosk.daemon.reload(), .applied)
        XCTAssertEqual([feed.stopCount, feed.startCount], [1, 2], "the feed starts again from the new picture")
        XCTAssertEqual(kiosk.daemon.reload(), .unchanged)
        XCTAssertEqual(feed.startCount, 2)
    }
}
