import XCTest
@testable import KioskEngine

/// A container about to be replaced (a reload, a shutdown) brings what it runs to rest, and what
/// nobody holds any more stops asking the frame clock for ticks.
final class SettleContractTests: XCTestCase {
    func testSettleEndsACompletingSwipeCompletedThroughTheNormalPath() {
        let h = Harness()
        var finger = Finger(h, at: Point(x: 350, y: 150))
        finger.down()
        finger.move(dx: -250)
        finger.up()
        h.clock.tick()
        XCTAssertTrue(h.container.isTransitioning)
        h.log.clear()

        h.container.settle()
        XCTAssertEqual(h.delegate.ended.map(\.completed), [true])
        XCTAssertEqual(h.container.selectedIndex, 1)
        XCTAssertEqual(h.log.matching("s1.didAppear").count, 1)
        XCTAssertEqual(h.log.matching("s0.didDisappear").count, 1)
        XCTAssertFalse(h.clock.wantsTicks)
    }

    func testSettleCancelsATransitionAFingerHolds() {
        let h = Harness()
        var finger = Finger(h, at: Point(x: 350, y: 150))
        finger.down()
        finger.move(dx: -150)
        XCTAssertTrue(h.container.isTransitioning)

        h.container.settle()
        XCTAssertEqual(h.delegate.ended.map(\.completed), [false])
        XCTAssertEqual(h.container.selectedIndex, 0)
        XCTAssertFalse(h.clock.wantsTicks)
    }

    func testAContainerDroppedMidSelectionLeavesNoLinkTicking() {
        let clock = ManualFrameClock()
        var container: ContainerController? = ContainerController(size: Harness.size, frameClock: clock)
        try? container?.setScreens([ViewController(name: "a"), ViewController(name: "b")])
        XCTAssertEqual(container?.select(index: 1, animated: true), true)
        clock.tick()
        XCTAssertTrue(clock.wantsTicks)

        container = nil
        XCTAssertFalse(clock.wantsTicks, "the dropped animator's link must be invalidated")
    }

    func testADroppedScrollDriverLeavesNoLinkTicking() {
        let clock = ManualFrameClock()
        var driver: VerticalScrollDriver? = VerticalScrollDriver(frameClock: clock)
        let list = View(name: "list", frame: Rect(x: 0, y: 0, width: 400, height: 300))
        list.scrollContentHeight = 5000
        driver?.beginDrag(list)
        driver?.drag(translationY: -50)
        driver?.release(velocityY: -3000)
        XCTAssertTrue(clock.wantsTicks, "coasting")

        driver = nil
        XCTAssertFalse(clock.wantsTicks)
    }
}
