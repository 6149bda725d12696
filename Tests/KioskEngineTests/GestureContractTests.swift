import XCTest
@testable import KioskEngine

final class GestureContractTests: XCTestCase {
    func testContract15_directionDecidedAtTheSlop() {
        let h = Harness(options: TransitionOptions(touchSlop: 30))
        var finger = Finger(h, at: Point(x: 300, y: 150))
        finger.down()
        finger.move(dx: -25, steps: 5)
        XCTAssertNil(h.container.transitionProgress, "within the slop nothing starts")
        XCTAssertEqual(h.container.panRecognizer.state, .possible)
        finger.move(dx: -10, steps: 1)
        XCTAssertEqual(h.container.panRecognizer.lockedAxis, .horizontal)
        XCTAssertEqual(h.container.transitionToIndex, 1)
        XCTAssertEqual(h.container.transitionProgress!, 35.0 / 400, accuracy: 1e-9, "progress counts from touch-down")
    }

    func testContract15_verticalPanNeverDrivesAHorizontalTransition() {
        let h = Harness()
        var finger = Finger(h, at: Point(x: 300, y: 250))
        finger.down()
        finger.move(dx: -8, dy: -60)
        XCTAssertEqual(h.container.panRecognizer.lockedAxis, .vertical)
        finger.move(dx: -300, dy: 0)
        finger.up()
        h.settle()
        XCTAssertTrue(h.delegate.began.isEmpty)
        XCTAssertEqual(h.container.selectedIndex, 0)
        XCTAssertEqual(h.screens[0].view.frame.minX, 0)
    }

    func testContract16_swipeTowardAMissingScreenStartsNothing() {
        let h = Harness(count: 3, home: 0)
        var finger = Finger(h, at: Point(x: 100, y: 150))
        finger.down()
        finger.move(dx: 60)  // rightward: toward screen -1
        XCTAssertNil(h.container.transitionProgress)
        finger.move(dx: -250)  // later movement toward screen 1 does nothing either
        XCTAssertNil(h.container.transitionProgress)
        finger.up()
        h.settle()
        XCTAssertTrue(h.delegate.began.isEmpty)
        XCTAssertEqual(h.container.selectedIndex, 0)
    }

    func testContract16_lastScreenHasNoNext() {
        let h = Harness(count: 2, home: 1)
        var finger = Finger(h, at: Point(x: 300, y: 150))
        finger.down(); finger.move(dx: -200); finger.up()
        XCTAssertTrue(h.delegate.began.isEmpty)
        finger = Finger(h, at: Point(x: 100, y: 150))
        finger.down(); finger.move(dx: 200); finger.up()
        XCTAssertEqual(h.delegate.began.map(\.to), [0], "but it has a previous one")
    }

    private func release(after distance: Double, hold: Double, flick: Double = 0, flickSteps: Int = 4) -> Harness {
        let h = Harness()
        var finger = Finger(h, at: Point(x: 350, y: 150))
        finger.interval = 0.05  // 10 px per 50 ms: a slow drag of 200 px/s
        finger.down()
        finger.move(dx: -distance, steps: Int(distance / 10))
        if flick != 0 {
            finger.interval = 0.01
            finger.move(dx: flick, steps: flickSteps)
        }
        finger.up(hold: hold)
        h.settle()
        return h
    }

    func testContract17_slowReleasePastFinishProgressFinishes() {
        let h = release(after: 240, hold: 0.2)  // 0.6
        XCTAssertEqual(h.delegate.ended.map(\.completed), [true])
        XCTAssertEqual(h.container.selectedIndex, 1)
    }

    func testContract17_slowReleaseShortOfFinishProgressCancels() {
        let h = release(after: 160, hold: 0.2)  // 0.4
        XCTAssertEqual(h.delegate.ended.map(\.completed), [false])
        XCTAssertEqual(h.container.selectedIndex, 0)
    }

    func testContract17_flickTowardTargetFinishesEarly() {
        let h = release(after: 60, hold: 0, flick: -40)  // 0.25, 4000 px/s toward screen 1
        XCTAssertEqual(h.delegate.ended.map(\.completed), [true])
    }

    func testContract17_slowDragBelowFinishVelocityDoesNotFinishEarly() {
        let h = release(after: 100, hold: 0)  // moving at 200 px/s < 300 px/s at release
        XCTAssertEqual(h.delegate.ended.map(\.completed), [false])
    }

    func testContract17_decisiveFlickBackPastHalfwayCancels() {
        let h = release(after: 300, hold: 0, flick: 40)  // 0.65 after the flick back at 4000 px/s
        XCTAssertEqual(h.delegate.ended.map(\.completed), [false])
        XCTAssertEqual(h.container.selectedIndex, 0)
    }

    func testContract17_velocityIsALeastSquaresFitOverTheLastHundredMilliseconds() {
        var tracker = VelocityTracker()
        // An old fast stretch, then 100 ms at 500 px/s with alternating ±2 px jitter.
        for i in 0..<5 { tracker.add(Point(x: Double(i) * 100, y: 0), at: Double(i) * 0.01) }
        let base = 0.2
        for i in 0...10 {
            let t = base + Double(i) * 0.01
            tracker.add(Point(x: 1000 + 500 * (t - base) + (i % 2 == 0 ? 2 : -2), y: 50 - 100 * (t - base)), at: t)
        }
        XCTAssertEqual(tracker.velocity.x, 500, accuracy: 40)
        XCTAssertEqual(tracker.velocity.y, -100, accuracy: 1e-6)
        tracker.reset()
        tracker.add(.zero, at: 1)
        XCTAssertEqual(tracker.velocity, .zero, "one sample has no velocity")
    }

    func testContract18_draggingBackPastTheStartClampsAtZero() {
        let h = Harness(count: 3, home: 1)
        var finger = Finger(h, at: Point(x: 300, y: 150))
        finger.down()
        finger.move(dx: -100)
        XCTAssertEqual(h.container.transitionToIndex, 2)
        finger.move(dx: 250)  // 150 px past the start, toward screen 0
        XCTAssertEqual(h.container.transitionProgress, 0)
        XCTAssertEqual(h.container.transitionToIndex, 2, "no opposite transition")
        XCTAssertEqual(h.screens[2].view.frame.minX, 400)
        XCTAssertEqual(h.screens[1].view.frame.minX, 0)
        XCTAssertNil(h.screens[0].view.superview)
        finger.up(hold: 0.2)
        h.settle()
        XCTAssertEqual(h.delegate.began.count, 1)
        XCTAssertEqual(h.container.selectedIndex, 1)
    }

    func testContract19_secondFingerDoesNotDisturbTheDrivingFinger() {
        let h = Harness()
        var first = Finger(h, id: 1, at: Point(x: 350, y: 150))
        var second = Finger(h, id: 2, at: Point(x: 50, y: 50))
        first.down()
        first.move(dx: -100)
        second.down()
        second.move(dx: 300, dy: 200)
        XCTAssertEqual(h.container.transitionProgress!, 0.25, accuracy: 1e-9)
        second.up()
        XCTAssertEqual(h.container.transitionProgress!, 0.25, accuracy: 1e-9)
        XCTAssertTrue(h.delegate.ended.isEmpty, "the second finger's lift ends nothing")
        first.move(dx: -120)
        XCTAssertEqual(h.container.transitionProgress!, 0.55, accuracy: 1e-9)
        first.up(hold: 0.2)
        h.settle()
        XCTAssertEqual(h.delegate.ended.map(\.completed), [true])
    }

    func testContract20_touchCatchesACompletingTransitionAsTheSameTransition() {
        let h = Harness()
        var finger = Finger(h, at: Point(x: 350, y: 150))
        finger.down(); finger.move(dx: -240); finger.up(hold: 0.2)
        for _ in 0..<3 { h.clock.tick() }
        let caught = h.container.transitionProgress!
        XCTAssertGreaterThan(caught, 0.6)
        let positionBefore = h.screens[1].view.frame.minX
        var catcher = Finger(h, id: 7, at: Point(x: 200, y: 150))
        catcher.down()
        XCTAssertEqual(h.container.transitionProgress!, caught, accuracy: 1e-9, "caught where it stood")
        XCTAssertEqual(h.screens[1].view.frame.minX, positionBefore, accuracy: 1e-9)
        for _ in 0..<5 { h.clock.tick() }
        XCTAssertEqual(h.container.transitionProgress!, caught, accuracy: 1e-9, "held while the finger rests")
        catcher.move(dx: 200)  // drags the card back half a screen
        XCTAssertEqual(h.container.transitionProgress!, caught - 0.5, accuracy: 1e-9)
        catcher.up(hold: 0.2)
        h.settle()
        XCTAssertEqual(h.delegate.began.count, 1)
        XCTAssertEqual(h.delegate.ended.map(\.completed), [false])
        XCTAssertEqual(h.container.selectedIndex, 0)
    }

    func testContract20_touchCatchesATabTransitionToo() {
        let h = Harness()
        XCTAssertTrue(h.container.select(index: 1, animated: true))
        for _ in 0..<4 { h.clock.tick() }
        let caught = h.container.transitionProgress!
        var finger = Finger(h, at: Point(x: 200, y: 150))
        finger.down()
        finger.move(dx: -400)
        XCTAssertEqual(h.container.transitionProgress, 1)
        finger.up(hold: 0.2)
        h.settle()
        XCTAssertGreaterThan(caught, 0)
        XCTAssertEqual(h.delegate.began.count, 1)
        XCTAssertEqual(h.delegate.ended.map(\.completed), [true])
        XCTAssertEqual(h.container.selectedIndex, 1)
    }

    func testContract21_tabSelectionRefusedDuringATransition() {
        let h = Harness()
        var finger = Finger(h, at: Point(x: 350, y: 150))
        finger.down(); finger.move(dx: -100)
        XCTAssertFalse(h.container.select(index: 2, animated: true), "refused while the finger drives")
        finger.up(hold: 0.2)
        h.clock.tick()
        XCTAssertFalse(h.container.select(index: 2, animated: true), "refused while it completes")
        XCTAssertFalse(h.container.select(index: 2, animated: false))
        h.settle()
        XCTAssertTrue(h.container.select(index: 2, animated: true), "accepted once it has ended")
        h.settle()
        XCTAssertEqual(h.container.selectedIndex, 2)
        XCTAssertEqual(h.delegate.began.map(\.to), [1, 2])
        XCTAssertEqual(h.delegate.ended.map(\.completed), [false, true])
    }
}
