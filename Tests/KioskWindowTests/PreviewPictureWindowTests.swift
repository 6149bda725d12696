import Foundation
import Glibc
import KioskCompositor
import KioskEngine
import XCTest

/// `swipe-kiosk preview` is the daemon on a window: a picture replaced at the same path goes
/// through the daemon's one reload (as SIGHUP's) and shows, with the config left as it was. Its
/// `[display]` gives the window the geometry every command has (`mode` over `size`, turned by `rotation`).
final class PreviewPictureWindowTests: XCTestCase {
    private var directory: URL!
    private var server: XvfbServer!
    private var preview: Process?

    override func setUpWithError() throws {
        server = try XvfbServer()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("preview-picture-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        if let preview, preview.isRunning {
            preview.terminate()
            preview.waitUntilExit()
        }
        server = nil
        try? FileManager.default.removeItem(at: directory)
    }

    /// A 4x4 picture of one colour, written as `cp` or an editor saves: a new file renamed over the old.
    private func writePicture(_ pixel: UInt32, to path: String) throws {
        let picture = PixelBuffer(width: 4, height: 4)
        picture.fill(pixel)
        try PNGWriter.write(picture, to: path + ".new")
        XCTAssertEqual(rename(path + ".new", path), 0)
    }

    func testAPictureReplacedAtTheSamePathShowsInTheWindow() throws {
        let picture = directory.appendingPathComponent("photo.png").path
        try writePicture(0xFFE0_2020, to: picture)
        let configPath = directory.appendingPathComponent("picture.toml").path
        try """
            [display]
            mode = "480x300"
            size = "640x400"
            rotation = 90
            [camera]
            source = "none"
            [indicator]
            enabled = false
            [[screen]]
            name = "photo"
            background = "#102030"
              [[screen.element]]
              type = "image"
              x = 0
              y = 0
              width = 300
              height = 480
              fit = "fill"
              path = "\(picture)"
            """.write(toFile: configPath, atomically: true, encoding: .utf8)
        let log = directory.appendingPathComponent("preview.log")
        let process = try server.launchSwipeKiosk(["preview", "--config", configPath], log: log)
        preview = process
        func logText() -> String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

        guard let window = try server.findWindow(titled: "swipe-kiosk preview: \(configPath)") else {
            return XCTFail("no preview window appeared; log:\n\(logText())")
        }
        XCTAssertEqual([window.width, window.height], [300, 480], "the mode, turned by the rotation")
        XCTAssertNotNil(try server.waitFor(window, into: directory, within: 5) { XvfbServer.centre($0) == 0xE0_2020 },
                        "the first picture is not shown; log:\n\(logText())")

        try writePicture(0xFF20_C040, to: picture)
        XCTAssertNotNil(try server.waitFor(window, into: directory, within: 2) { XvfbServer.centre($0) == 0x20_C040 },
                        "the replaced picture did not show; log:\n\(logText())")
        XCTAssertTrue(logText().contains("pictures changed on disk, drawn again: \(picture)"), logText())

        process.terminate()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
    }
}
