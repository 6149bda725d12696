import KioskEngine
import XCTest
@testable import KioskCompositor

/// The UI drawn for a feed on a plane of its own: transparent where the feed shows, the same
/// picture as the composed frame once laid over the feed, and no damage from a feed frame alone.
final class FeedOnPlaneTests: XCTestCase {
    private typealias S = TestScene

    /// One frame as the render pacer makes it: the display list, the display's answer to what it
    /// shows of the feed (`onPlane`), then the painting; the damage.
    @discardableResult
    private func render(_ compositor: Compositor, _ root: View, _ feed: PixelBuffer, onPlane: (FeedCoverage) -> Bool) -> [PixelRect] {
        let list = compositor.displayList(root: root, background: feed)
        return compositor.paint(list, feedOnPlane: onPlane(list.coverage))
    }

    /// A camera screen: the feed over the whole screen, an opaque dot and a half-transparent label on it.
    private func cameraScreen() -> View {
        let root = S.root()
        root.content = .backgroundFeed
        root.addSubview(S.box("dot", Rect(x: 4, y: 4, width: 6, height: 6), S.red))
        let label = S.box("label", Rect(x: 20, y: 10, width: 20, height: 8), S.blue)
        label.alpha = 0.5
        root.addSubview(label)
        return root
    }

    func testTheUIIsTransparentOverTheFeedAndLaidOverItMatchesTheComposedFrame() {
        let root = cameraScreen()
        let feed = S.pattern()
        let composed = Compositor(displayWidth: S.width, displayHeight: S.height, threads: 1)
        composed.render(root: root, background: feed)
        let planes = Compositor(displayWidth: S.width, displayHeight: S.height, threads: 1)
        var heard: FeedCoverage?
        render(planes, root, feed) { heard = $0; return true }
        XCTAssertEqual(heard, FeedCoverage(showsFeed: true, feedCovered: false))
        XCTAssertTrue(planes.feedOnPlane)
        XCTAssertEqual(planes.frame[30, 30], 0, "nothing over the feed: transparent")
        XCTAssertEqual(planes.frame[6, 6], 0xFFE6_2828, "the dot, opaque")
        XCTAssertEqual(planes.frame[25, 12] >> 24, 0x80, "the label, half transparent (premultiplied)")
        let shown = planes.shownFrame(feed: feed)
        for (x, y) in [(30, 30), (6, 6), (25, 12), (0, 0)] {
            XCTAssertTrue(GoldenImage.close(shown[x, y], composed.output[x, y], 2),
                          "(\(x), \(y)): \(String(shown[x, y], radix: 16)) laid over the feed, \(String(composed.output[x, y], radix: 16)) composed")
        }
    }

    func testAFeedFrameAloneIsNoDamageOnThePlaneButIsWhenComposed() {
        let root = cameraScreen()
        let compositor = Compositor(displayWidth: S.width, displayHeight: S.height, threads: 1)
        render(compositor, root, S.pattern(phase: 0)) { _ in true }
        XCTAssertEqual(render(compositor, root, S.pattern(phase: 1)) { _ in true }, [])
        XCTAssertFalse(render(compositor, root, S.pattern(phase: 2)) { _ in false }.isEmpty,
                       "back in composition: the whole frame is drawn again")
        XCTAssertFalse(compositor.feedOnPlane)
        XCTAssertFalse(render(compositor, root, S.pattern(phase: 3)) { _ in false }.isEmpty,
                       "composed, a feed frame is damage")
    }

    func testABlurOverTheFeedIsReportedAsCoveringIt() {
        let root = cameraScreen()
        let blur = View(name: "blur", frame: Rect(x: 0, y: 0, width: 30, height: 20))
        blur.content = .blurredBackgroundFeed(BlurStyle(radius: 4))
        root.addSubview(blur)
        let compositor = Compositor(displayWidth: S.width, displayHeight: S.height, threads: 1)
        var heard: FeedCoverage?
        render(compositor, root, S.pattern()) { heard = $0; return false }
        XCTAssertEqual(heard, FeedCoverage(showsFeed: true, feedCovered: true))
    }
}
