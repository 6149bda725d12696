import XCTest
@testable import KioskEngine

/// A swipe as a panel delivers it: touch reports every 8 ms interleaved with 60 Hz vsync ticks.
final class SwipeFlowTests: XCTestCase {
    func testCardFollowsTheFingerBetweenTicksAndSettlesOnRelease() {
        let h = Harness()
        let start = Point(x: 360, y: 150)
        h.container.handle(TouchEvent(id: 3, phase: .began, location: start, time: 0))
        var t = 0.0, x = start.x, nextTick = h.clock.refreshInterval
        var positions: [(finger: Double, card: Double)] = []
        while x > 160 {
            t += 0.008
            x -= 8  // 1000 px/s leftward
            while nextTick <= t { h.clock.tick(); nextTick += h.clock.refreshInterval }
            h.clock.advance(to: t)
            h.container.handle(TouchEvent(id: 3, phase: .moved, location: Point(x: x, y: 150), time: t))
            if h.container.isTransitioning { positions.append((x, h.screens[1].view.frame.minX)) }
        }
        for sample in positions {
            XCTAssertEqual(sample.card, 400 - (start.x - sample.finger), accuracy: 1e-9, "the card is where the finger says, at once")
        }
        h.container.handle(TouchEvent(id: 3, phase: .ended, location: Point(x: x, y: 150), time: t + 0.008))
        h.settle()
        XCTAssertEqual(h.delegate.began.count, 1)
        XCTAssertEqual(h.delegate.ended.map(\.completed), [true])
        XCTAssertEqual(h.container.selectedIndex, 1)
        XCTAssertEqual(h.screens[1].view.frame, Rect(x: 0, y: 0, width: 400, height: 300))
        XCTAssertFalse(h.clock.wantsTicks, "idle again: the display may stop ticking")
    }

    func testSwipeBackAcrossThreeScreens() {
        let h = Harness(count: 3, home: 2)
        for expected in [1, 0] {
            var finger = Finger(h, at: Point(x: 40, y: 150))
            finger.down(); finger.move(dx: 300); finger.up()
            h.settle()
            XCTAssertEqual(h.container.selectedIndex, expected)
        }
        XCTAssertEqual(h.delegate.began.map(\.to), [1, 0])
        XCTAssertEqual(h.container.blurView.alpha, 0)
    }
}
