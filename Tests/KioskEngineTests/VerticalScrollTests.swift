import XCTest
@testable import KioskEngine

final class VerticalScrollTests: XCTestCase {
    private func scrollingHarness() -> (Harness, View) {
        let h = Harness()
        let list = View(name: "list", frame: Rect(x: 0, y: 0, width: 400, height: 300))
        list.scrollContentHeight = 900
        h.screens[0].view.addSubview(list)
        return (h, list)
    }

    func testVerticalPanScrollsTheContentUnderTheFinger() {
        let (h, list) = scrollingHarness()
        var finger = Finger(h, at: Point(x: 200, y: 250))
        finger.down()
        finger.move(dx: 0, dy: -100)
        XCTAssertEqual(list.boundsOrigin.y, 100)
        XCTAssertNil(h.container.transitionProgress, "scrolling starts no transition")
        finger.move(dx: 0, dy: 150)
        XCTAssertEqual(list.boundsOrigin.y, 0, "clamped at the top")
        finger.up(hold: 0.2)
        h.clock.tick()
        XCTAssertEqual(list.boundsOrigin.y, 0)
        XCTAssertFalse(h.clock.wantsTicks)
    }

    func testFlingCoastsSlowerAndSlowerAndStopsAtTheEnd() {
        let (h, list) = scrollingHarness()
        var finger = Finger(h, at: Point(x: 200, y: 250))
        finger.down()
        finger.move(dx: 0, dy: -100, steps: 5)  // 2000 px/s upward
        finger.up()
        let released = list.boundsOrigin.y
        var steps: [Double] = []
        var last = released
        for _ in 0..<10 {
            h.clock.tick()
            steps.append(list.boundsOrigin.y - last)
            last = list.boundsOrigin.y
        }
        XCTAssertGreaterThan(steps[0], 0, "keeps going after release")
        XCTAssertEqual(steps, steps.sorted(by: >), "decelerating")
        for _ in 0..<300 where h.clock.wantsTicks { h.clock.tick() }
        XCTAssertLessThanOrEqual(list.boundsOrigin.y, 600, "never past the content's end")
        XCTAssertFalse(h.clock.wantsTicks, "coasting stops")
    }

    func testFingerStopsACoastingScroll() {
        let (h, list) = scrollingHarness()
        var finger = Finger(h, at: Point(x: 200, y: 250))
        finger.down(); finger.move(dx: 0, dy: -60, steps: 3); finger.up()
        h.clock.tick()
        finger = Finger(h, at: Point(x: 200, y: 150))
        finger.down()
        let held = list.boundsOrigin.y
        h.clock.tick()
        XCTAssertEqual(list.boundsOrigin.y, held)
        XCTAssertFalse(h.container.scrollDriver.isDecelerating)
    }
}
