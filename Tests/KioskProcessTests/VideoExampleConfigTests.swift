import Foundation
import KioskConfig
import KioskEngine
import KioskOptions
import KioskProcessSupport
import KioskRuntime
import XCTest

/// Config/video.toml, with its clips replaced by the test's own (red behind the screens, blue for
/// the element), named absolutely: `check-config` accepts it, and `render` shows each
/// clip's first frame, the background's behind the screens and the element's in its box.
final class VideoExampleConfigTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("video-example-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    private var exampleFile: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Config/video.toml").path
    }

    func testTheVideoExampleIsAcceptedAndRenderedWithEachClipsFirstFrame() throws {
        let background = folder.appendingPathComponent("background")
        try FileManager.default.createDirectory(at: background, withIntermediateDirectories: true)
        try VideoClip.make(at: background.appendingPathComponent("a.avi").path, pattern: "red", frames: 5, width: 320, height: 180)
        let product = folder.appendingPathComponent("product.avi").path
        try VideoClip.make(at: product, pattern: "blue", frames: 5, width: 320, height: 180)
        let text = try String(contentsOfFile: exampleFile, encoding: .utf8)
        XCTAssertTrue(text.contains("path = \"videos\"") && text.contains("path = \"product.avi\""),
                      "the example names the clips beside it")
        let config = folder.appendingPathComponent("video.toml").path
        try text.replacingOccurrences(of: "path = \"videos\"", with: "path = \"\(background.path)\"")
            .replacingOccurrences(of: "path = \"product.avi\"", with: "path = \"\(product)\"")
            .write(toFile: config, atomically: true, encoding: .utf8)

        let check = ConfigurationCheck(path: config)
        XCTAssertTrue(check.isValid, check.report)
        let configuration = try XCTUnwrap(check.configuration)
        XCTAssertEqual(configuration.camera.source, .video)
        let element = try XCTUnwrap(configuration.screens.flatMap(\.elements).first { $0.kind.type == .video })
        XCTAssertEqual(element.kind, .video(VideoElement(path: product, fit: .contain, loop: true)))

        let renderer = ScreenRenderer(configuration: configuration, size: PixelSize(width: 1280, height: 720))
        let welcome = try renderer.render(screen: "welcome")
        XCTAssertEqual(hue(welcome[1000, 600]), "red", "the background clip's first frame where the camera's fallback would be")
        let menu = try renderer.render(screen: "menu")
        XCTAssertEqual(hue(menu[360, 320]), "blue", "the element's first frame in its box (x 40, y 140, 640x360)")
        XCTAssertEqual(hue(menu[1000, 600]), "red", "the background around it")
        XCTAssertEqual(hue(menu[700, 320]), "red", "right of the box")
    }

    private func hue(_ pixel: UInt32) -> String {
        let (red, green, blue) = (Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF))
        if red > 2 * max(green, blue) + 20 { return "red" }
        if blue > 2 * max(red, green) + 20 { return "blue" }
        return String(format: "%06X", pixel & 0xFF_FFFF)
    }
}
