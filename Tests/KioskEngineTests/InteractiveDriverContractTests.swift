import XCTest
@testable import KioskEngine

final class InteractiveDriverContractTests: XCTestCase {
    func testContract09_startFreezesAtPrepareState() {
        let h = DriverHarness()
        h.driver.startInteractiveTransition(h.context)
        XCTAssertEqual(h.to.view.frame.minX, 400, "prepared at +width")
        XCTAssertEqual(h.from.view.frame.minX, 0)
        XCTAssertEqual(h.driver.phase, .interactive)
        for _ in 0..<10 { h.clock.tick() }
        XCTAssertEqual(h.to.view.frame.minX, 400, "nothing moves until the first update")
        XCTAssertEqual(h.from.view.frame.minX, 0)
        XCTAssertFalse(h.clock.wantsTicks)
        h.driver.update(0.5)
        XCTAssertEqual(h.to.view.frame.minX, 200)
    }

    func testContract10_updateClampsProgress() {
        let h = DriverHarness()
        h.driver.startInteractiveTransition(h.context)
        h.driver.update(1.7)
        XCTAssertEqual(h.driver.percentComplete, 1)
        XCTAssertEqual(h.to.view.frame.minX, 0)
        h.driver.update(-0.3)
        XCTAssertEqual(h.driver.percentComplete, 0)
        XCTAssertEqual(h.to.view.frame.minX, 400)
    }

    func testContract10_animationTimeIsProgressTimesDuration() {
        let h = DriverHarness(duration: 0.3)
        h.driver.startInteractiveTransition(h.context)
        h.driver.update(0.25)
        XCTAssertEqual(h.driver.animationTime, 0.075, accuracy: 1e-9)
        XCTAssertEqual(h.to.view.frame.minX, 300, accuracy: 1e-9)
        XCTAssertEqual(h.from.view.frame.minX, -100, accuracy: 1e-9)
        XCTAssertEqual(h.context.percentComplete, 0.25)
    }

    func testContract11_chromeOutsideTheContainerFollowsTheSameProgress() {
        let h = Harness(count: 3, blurOn: [1])
        func activeDots() -> [Double] { h.container.indicatorDotLayers.map(\.active.alpha) }
        let dotsStart = activeDots()
        _ = h.container.select(index: 1, animated: false)
        let dotsEnd = activeDots()
        _ = h.container.select(index: 0, animated: false)
        XCTAssertNotEqual(dotsStart, dotsEnd)

        var finger = Finger(h, at: Point(x: 300, y: 150))
        finger.down()
        finger.move(dx: -100)  // 100 of 400 px
        XCTAssertEqual(h.container.transitionProgress!, 0.25, accuracy: 1e-9)
        XCTAssertEqual(h.container.blurView.alpha, 0.25, accuracy: 1e-9)
        for (got, (start, end)) in zip(activeDots(), zip(dotsStart, dotsEnd)) {
            XCTAssertEqual(got, start + 0.25 * (end - start), accuracy: 1e-9)
        }
        XCTAssertEqual(h.screens[1].view.frame.minX, 300, accuracy: 1e-9, "the screen follows the same progress")
    }

    func testContract12_finishTakesRemainingDurationOverCompletionSpeed() throws {
        for speed in [1.0, 2.0] {
            let h = DriverHarness(duration: 0.3)
            try h.driver.setCompletionSpeed(speed)
            h.driver.startInteractiveTransition(h.context)
            h.driver.update(0.4)
            h.driver.finish()
            let seconds = Double(h.settleAnimation()) * h.clock.refreshInterval
            h.settle()
            XCTAssertEqual(seconds, 0.6 * 0.3 / speed, accuracy: h.clock.refreshInterval, "speed \(speed)")
            XCTAssertEqual(h.outcomes.entries, ["completed=true"])
        }
    }

    func testContract12_cancelTakesElapsedDurationOverCompletionSpeed() throws {
        for speed in [1.0, 0.5] {
            let h = DriverHarness(duration: 0.3)
            try h.driver.setCompletionSpeed(speed)
            h.driver.startInteractiveTransition(h.context)
            h.driver.update(0.4)
            h.driver.cancel()
            let seconds = Double(h.settleAnimation()) * h.clock.refreshInterval
            h.settle()
            XCTAssertEqual(seconds, 0.4 * 0.3 / speed, accuracy: h.clock.refreshInterval, "speed \(speed)")
            XCTAssertEqual(h.outcomes.entries, ["completed=false"])
        }
    }

    func testContract12_linearCompletionMovesEvenly() {
        let h = DriverHarness(duration: 0.3)
        h.driver.startInteractiveTransition(h.context)
        h.driver.update(0.4)
        h.driver.finish()
        var steps: [Double] = []
        var last = h.to.view.frame.minX
        while h.driver.phase == .completing {
            h.clock.tick()
            steps.append(last - h.to.view.frame.minX)
            last = h.to.view.frame.minX
        }
        for step in steps.dropLast() { XCTAssertEqual(step, steps[0], accuracy: 1e-6) }
    }

    func testContract12_springStartsAtReleaseVelocityAndDoesNotOvershoot() {
        func firstStep(velocity: Double) -> (step: Double, positions: [Double]) {
            let h = DriverHarness(duration: 0.3)
            h.driver.completionCurve = .spring(dampingRatio: 1, initialVelocity: 0)
            h.driver.startInteractiveTransition(h.context)
            h.driver.update(0.5)
            h.driver.finish(velocity: velocity)
            var positions: [Double] = []
            while !h.context.isCompleted {
                h.clock.tick()
                positions.append(h.to.view.frame.minX)
            }
            return (200 - positions[0], positions)
        }
        let slow = firstStep(velocity: 0)
        let fast = firstStep(velocity: 8)  // 8 progress/s = 3200 px/s
        XCTAssertGreaterThan(fast.step, slow.step, "a faster release starts faster")
        for run in [slow, fast] {
            XCTAssertTrue(run.positions.allSatisfy { $0 >= 0 }, "never past the screen edge: \(run.positions)")
            XCTAssertEqual(run.positions.last, 0)
            XCTAssertEqual(run.positions, run.positions.sorted(by: >), "settles without going back")
        }
    }

    func testContract12_springCurveSlopeAtStartIsTheInitialVelocity() {
        let duration = 0.2
        let curve = TimingCurve.spring(dampingRatio: 1, initialVelocity: 5)
        let tiny = 1e-6
        let slope = curve.value(at: tiny, duration: duration) / (tiny * duration)
        XCTAssertEqual(slope, 5, accuracy: 0.01)
    }

    func testContract13_nonPositiveCompletionSpeedIsRejected() throws {
        let h = DriverHarness()
        try h.driver.setCompletionSpeed(2)
        XCTAssertThrowsError(try h.driver.setCompletionSpeed(0)) {
            XCTAssertEqual($0 as? InteractiveTransitionError, .invalidCompletionSpeed(0))
        }
        XCTAssertThrowsError(try h.driver.setCompletionSpeed(-1))
        XCTAssertEqual(h.driver.completionSpeed, 2)
        XCTAssertEqual(TransitionOptions(completionSpeed: 0).problems, ["completion speed 0.0 must be above 0"])
        XCTAssertEqual(TransitionOptions().problems, [])
    }

    func testContract14_finishResumesWithoutAJump() {
        let h = DriverHarness(duration: 0.3)
        h.driver.startInteractiveTransition(h.context)
        h.driver.update(0.4)
        let paused = h.to.view.frame.minX
        h.driver.finish()
        XCTAssertEqual(h.to.view.frame.minX, paused, "nothing moves before the first tick")
        h.clock.tick()
        let oneFrame = 400 * h.clock.refreshInterval / 0.3
        XCTAssertEqual(paused - h.to.view.frame.minX, oneFrame, accuracy: 1e-6)
    }

    func testContract14_cancelReturnsEveryPropertyToItsStartWithoutFlashingTheEnd() {
        let h = Harness(count: 2, blurOn: [1])
        let start = (h.container.blurView.alpha, h.container.indicatorView.frame,
                     h.container.indicatorDotLayers.map(\.active.alpha), h.screens[0].view.frame)
        var finger = Finger(h, at: Point(x: 300, y: 150))
        finger.down(); finger.move(dx: -140)
        let caught = h.screens[1].view.frame.minX
        finger.up(hold: 0.2)
        var xs: [Double] = []
        while h.container.isTransitioning {
            h.clock.tick()
            xs.append(h.screens[1].view.frame.minX)
        }
        XCTAssertTrue(xs.allSatisfy { $0 >= caught }, "the incoming screen only retreats: \(xs)")
        XCTAssertEqual(h.container.blurView.alpha, start.0)
        XCTAssertEqual(h.container.indicatorView.frame, start.1)
        XCTAssertEqual(h.container.indicatorDotLayers.map(\.active.alpha), start.2)
        XCTAssertEqual(h.screens[0].view.frame, start.3)
        XCTAssertEqual(h.screens[1].view.frame.minX, 400, "the incoming view is back at its start")
    }
}
