import KioskEngine
@testable import KioskCompositor
import XCTest

/// The blurred copy of the feed is a whole frame of memory: kept while a view shows it, dropped after.
final class BlurMemoryTests: XCTestCase {
    func testTheBlurredFeedIsDroppedOnceNoViewShowsIt() {
        let compositor = Compositor(displayWidth: 64, displayHeight: 48)
        let root = View(name: "root", frame: Rect(origin: .zero, size: compositor.sceneSize))
        let camera = View(name: "camera", frame: root.bounds)
        camera.content = .backgroundFeed
        let blurred = View(name: "blurred", frame: root.bounds)
        blurred.content = .blurredBackgroundFeed(BlurStyle(radius: 24, tint: Color(red: 1, green: 1, blue: 1, alpha: 0.3)))
        blurred.alpha = 0.5
        root.addSubview(camera)
        root.addSubview(blurred)
        let feed = PixelBuffer(width: 64, height: 48)
        feed.fill(0xFF20_4060)

        compositor.render(root: root, background: feed)
        XCTAssertEqual(compositor.blurCount, 1, "the overlap shows the blur")
        feed.sequence += 1
        compositor.render(root: root, background: feed)
        XCTAssertEqual(compositor.blurCount, 1, "kept while shown")

        blurred.removeFromSuperview()
        compositor.render(root: root, background: feed)
        XCTAssertEqual(compositor.blurCount, 0, "let go once nothing shows it")

        root.addSubview(blurred)
        compositor.render(root: root, background: feed)
        XCTAssertEqual(compositor.blurCount, 1, "made again when shown again")
        XCTAssertNotEqual(compositor.output[32, 24], 0xFF20_4060, "and drawn: the tint shows over the feed")
    }
}
