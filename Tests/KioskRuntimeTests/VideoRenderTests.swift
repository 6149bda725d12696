import KioskConfig
import KioskOptions
@testable import KioskRuntime
import XCTest

/// `render` decodes the first frame of the videos on the screen it draws, and only those: a video
/// that cannot be played is an error for its own screen (a render reviews the config), not for the others.
final class VideoRenderTests: XCTestCase {
    func testAMissingVideoFailsTheRenderOfItsScreenOnly() throws {
        let missing = "/nonexistent/swipe-kiosk/product.avi"
        let configuration = try ConfigurationLoader.parse("""
            [camera]
            source = "none"
            [[screen]]
            name = "plain"
            background = "#102030"
            [[screen]]
            name = "clip"
              [[screen.element]]
              type = "video"
              width = 64
              height = 36
              path = "\(missing)"
            """, fileName: "kiosk.toml").get()
        let renderer = ScreenRenderer(configuration: configuration, size: PixelSize(width: 160, height: 100))
        let plain = try renderer.render(screen: "plain")
        XCTAssertEqual(plain[80, 50] & 0xFF_FFFF, 0x10_2030)
        XCTAssertThrowsError(try renderer.render(screen: "clip")) { error in
            guard case RenderError.contentNotDrawn(let lines) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(lines.count, 1, "\(lines)")
            XCTAssertEqual(lines[0], "video element \(missing): no such file or folder")
        }
    }
}
