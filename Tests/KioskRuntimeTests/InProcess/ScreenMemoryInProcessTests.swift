import Foundation
import KioskEngine
@testable import KioskRuntime
import KioskTestSupport
import XCTest

/// Drawn screens follow the screen on show, not the number of screens: the neighbours a swipe can
/// reach are drawn ahead between frames, the rest are let go.
final class ScreenMemoryInProcessTests: XCTestCase {
    private static func config(screens: Int) -> String {
        var text = """
            [display]
            backend = "headless"
            size = "320x200"
            [camera]
            source = "none"
            [transition]
            duration = 0.2
            """
        for index in 0..<screens {
            text += """

                [[screen]]
                name = "s\(index)"
                background = "#10\(String(format: "%02x", index))30"
                  [[screen.element]]
                  type = "card"
                  title = "Screen \(index)"
                  text = "The card of screen number \(index)"
                """
        }
        return text
    }

    func testThirtyScreensVisitedKeepOnlyTheReachableOnesDrawnAndWithinTheBudget() throws {
        let kiosk = try DaemonHarness(config: Self.config(screens: 30))
        kiosk.settle()
        kiosk.frames(2)
        let compositor = kiosk.daemon.pacer.compositor
        // Two screens in reach at the first (itself, which is home, and the next).
        let start = compositor.cacheSize
        compositor.surfaceBudget = 3 * start.bytes
        var largest = start
        for visit in 1..<30 {
            try kiosk.swipeLeft()
            kiosk.settle()
            kiosk.frames(3)
            XCTAssertEqual(kiosk.daemon.currentScreen, "s\(visit)")
            let now = compositor.cacheSize
            XCTAssertLessThanOrEqual(now.bytes, compositor.surfaceBudget, "at s\(visit): \(now)")
            largest = (max(largest.surfaces, now.surfaces), max(largest.bytes, now.bytes), max(largest.textLayouts, now.textLayouts))
        }
        // Four screens in reach in the middle of the deck: its neighbours and home.
        XCTAssertLessThanOrEqual(largest.surfaces, 2 * start.surfaces, "\(start) at the start, at most \(largest)")
        XCTAssertLessThanOrEqual(largest.textLayouts, 2 * start.textLayouts + 2, "\(start) at the start, at most \(largest)")
    }

    func testAScreenTwoSwipesAwayIsDrawnBeforeTheSwipeThatReachesItStarts() throws {
        let kiosk = try DaemonHarness(config: Self.config(screens: 5))
        kiosk.settle()
        kiosk.frames(2)
        let compositor = kiosk.daemon.pacer.compositor
        try kiosk.swipeLeft()
        kiosk.settle()
        // s2 came within reach: it is drawn on the loop's next turns, between frames.
        kiosk.frames(3)
        let painted = compositor.surfacesPainted
        try kiosk.drag(from: Point(x: 290, y: 100), to: Point(x: 200, y: 100), steps: 3, lift: false)
        kiosk.frame()
        XCTAssertNotNil(kiosk.daemon.sceneHost.container.transitionToIndex, "the swipe onto s2 is under way")
        XCTAssertEqual(compositor.surfacesPainted, painted, "the swipe's frames drew nothing from scratch")
    }

    func testAJumpAcrossTheDeckDrawsTheFarScreenInItsFrameAndItsNeighboursAfter() throws {
        let kiosk = try DaemonHarness(config: Self.config(screens: 12))
        kiosk.settle()
        kiosk.frames(2)
        let compositor = kiosk.daemon.pacer.compositor
        /// One vsync's frame, without the timers that run after it.
        func composeFrame() {
            kiosk.clock.frameClock.tick()
            kiosk.daemon.frameTickDelivered()
        }
        let painted = compositor.surfacesPainted
        try kiosk.daemon.goTo("s9", animated: false)
        composeFrame()
        XCTAssertEqual(kiosk.daemon.currentScreen, "s9")
        let jumped = compositor.surfacesPainted
        XCTAssertGreaterThan(jumped, painted, "s9 was out of reach: its frame drew it")
        // Its neighbours come within reach and are drawn on the loop's next turns.
        kiosk.clock.fireDueTimers()
        XCTAssertGreaterThan(compositor.surfacesPainted, jumped, "s8 and s10 were drawn ahead")
        try kiosk.daemon.goTo("s10", animated: false)
        let beforeFrame = compositor.surfacesPainted
        composeFrame()
        XCTAssertEqual(kiosk.daemon.currentScreen, "s10")
        XCTAssertEqual(compositor.surfacesPainted, beforeFrame, "s10 was drawn ahead, so its frame draws nothing")
    }
}
