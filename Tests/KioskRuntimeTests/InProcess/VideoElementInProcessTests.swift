import Foundation
import KioskCamera
import KioskCompositor
import KioskEngine
import KioskOptions
@testable import KioskRuntime
import KioskTestSupport
import XCTest

/// A `type = "video"` element in the whole daemon on the manual clock, with a fake player: it
/// plays only while its screen is on show or in a transition, pauses otherwise (and while the
/// panel is dark), and each new frame damages its box and nothing else.
final class VideoElementInProcessTests: XCTestCase {
    private static let config = """
        [display]
        backend = "headless"
        [camera]
        source = "none"
        [indicator]
        enabled = false
        [[screen]]
        name = "home"
        background = "#102030"
        [[screen]]
        name = "clip"
        background = "#203040"
          [[screen.element]]
          type = "video"
          x = 40
          y = 30
          width = 120
          height = 80
          fit = "cover"
          path = "/srv/product.mp4"
        """

    private var feeds: [FakeVideoFeed] = []

    private func makeHarness() throws -> DaemonHarness {
        try DaemonHarness(config: Self.config) { [unowned self] content, size in
            let feed = FakeVideoFeed(content: content, size: size)
            feeds.append(feed)
            return feed
        }
    }

    /// Runs the loop once, as a frame arriving on a feed's descriptor would, then draws at the next vsync.
    private func deliver(_ colour: UInt32, to feed: FakeVideoFeed, in harness: DaemonHarness) throws {
        feed.deliver(colour)
        try harness.daemon.eventLoop.runOnce(timeoutMilliseconds: 0)
        harness.frame()
    }

    func testTheElementPlaysOnlyWhileItsScreenIsInSight() throws {
        let harness = try makeHarness()
        harness.frames(2)
        XCTAssertTrue(feeds.isEmpty, "no player before its screen first comes in sight")

        // Halfway through a swipe the screen is in sight: its player is made and plays.
        try harness.drag(from: Point(x: 290, y: 100), to: Point(x: 160, y: 100), lift: false)
        let feed = try XCTUnwrap(feeds.first, "the player is made when its screen comes in sight")
        XCTAssertEqual(feeds.count, 1)
        XCTAssertEqual(feed.content, VideoContent(source: "/srv/product.mp4", fit: .cover, loops: true))
        XCTAssertEqual(feed.size, PixelSize(width: 120, height: 80), "frames at the element's box")
        XCTAssertTrue(feed.isRunning)
        XCTAssertFalse(feed.isPaused, "plays during the transition")

        try harness.send([TouchEvent(id: 1, phase: .ended, location: Point(x: 40, y: 100), time: harness.clock.now)])
        harness.settle()
        XCTAssertEqual(harness.daemon.currentScreen, "clip")
        XCTAssertFalse(feed.isPaused, "plays while on show")

        try harness.daemon.goTo("home", animated: true)
        harness.settle()
        XCTAssertEqual(harness.daemon.currentScreen, "home")
        XCTAssertTrue(feed.isPaused, "paused once its screen is out of sight")
        XCTAssertEqual(feed.stopCount, 0, "paused, not stopped: it goes on where it was")

        try harness.daemon.goTo("clip", animated: false)
        harness.frames(2)
        XCTAssertFalse(feed.isPaused, "plays again when its screen is back")
        XCTAssertEqual(feeds.count, 1, "the same player")

        harness.daemon.blank()
        harness.frames(2)
        XCTAssertTrue(feed.isPaused, "paused while the panel is dark")
        harness.daemon.wake()
        harness.frames(2)
        XCTAssertFalse(feed.isPaused, "and plays again after")
    }

    func testEachNewFrameDamagesTheElementsBoxOnly() throws {
        let harness = try makeHarness()
        try harness.daemon.goTo("clip", animated: false)
        harness.frames(2)
        let feed = try XCTUnwrap(feeds.first)
        let box = PixelRect(x: 40, y: 30, width: 120, height: 80)

        try deliver(0xFFE0_2010, to: feed, in: harness)
        XCTAssertEqual(harness.display.lastDamage, [box])
        XCTAssertEqual(harness.daemon.lastUprightFrame[100, 70] & 0xFF_FFFF, 0xE0_2010, "the frame fills the box")
        XCTAssertEqual(harness.daemon.lastUprightFrame[20, 20] & 0xFF_FFFF, 0x20_3040, "the screen around it is untouched")

        let presented = harness.display.presentedFrameCount
        try deliver(0xFF10_20E0, to: feed, in: harness)
        XCTAssertEqual(harness.display.presentedFrameCount, presented + 1)
        XCTAssertEqual(harness.display.lastDamage, [box], "the next frame: the box again, nothing else")
        XCTAssertEqual(harness.daemon.lastUprightFrame[41, 31] & 0xFF_FFFF, 0x10_20E0)
    }

    func testAReloadStopsThePlayersOfTheSceneItReplaces() throws {
        let harness = try makeHarness()
        try harness.daemon.goTo("clip", animated: false)
        harness.frames(2)
        let first = try XCTUnwrap(feeds.first)
        try harness.rewriteConfig(Self.config.replacingOccurrences(of: "#203040", with: "#304050"))
        harness.daemon.reload()
        harness.frames(2)
        XCTAssertEqual(first.stopCount, 1, "the replaced scene's player is stopped")
        XCTAssertEqual(feeds.count, 2, "the new scene's element has its own player")
        XCTAssertFalse(feeds[1].isPaused)
    }
}
