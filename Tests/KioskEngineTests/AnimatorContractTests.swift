import XCTest
@testable import KioskEngine

/// Logs the four steps and what the views look like at each.
private final class StepRecordingAnimation: TransitionAnimation {
    let log: EventLog
    init(log: EventLog) { self.log = log }

    func addTo(containerView: View, fromView: View, toView: View, forward: Bool) {
        containerView.addSubview(toView)
        log.add("addTo")
    }
    func prepare(fromView: View, toView: View, forward: Bool) {
        log.add("prepare to.frame=\(toView.frame)")
        toView.alpha = 0
    }
    func animation(fromView: View, toView: View, forward: Bool) {
        log.add("animation")
        toView.alpha = 1
    }
    func finalize(completed: Bool, fromView: View, toView: View, forward: Bool) {
        log.add("finalize(\(completed)) from-in-tree=\(fromView.superview != nil) to-in-tree=\(toView.superview != nil)")
    }
}

final class AnimatorContractTests: XCTestCase {
    func testContract22_secondRequestWhileRunningIsRefused() {
        let h = DriverHarness()
        h.driver.startInteractiveTransition(h.context)
        h.driver.update(0.3)
        let other = ViewController(name: "other")
        let second = TransitionContext(from: h.from, to: other, containerView: h.containerView, isForward: true, isInteractive: false)
        var result: Bool?
        second.completion = { result = $0 }
        h.animator.animateTransition(using: second)
        XCTAssertEqual(result, false, "the request completes with false")
        XCTAssertNil(other.view.superview, "and touches nothing")
        XCTAssertEqual(h.driver.phase, .interactive)
        XCTAssertEqual(h.driver.percentComplete, 0.3)
        XCTAssertEqual(h.to.view.frame.minX, 280, accuracy: 1e-9)
        h.driver.finish()
        h.settle()
        XCTAssertEqual(h.outcomes.entries, ["completed=true"])
    }

    func testContract23_stepsRunInOrder() {
        for completes in [true, false] {
            let log = EventLog()
            let h = DriverHarness(animation: StepRecordingAnimation(log: log))
            h.context.completion = { log.add("completeTransition(\($0))") }
            h.driver.startInteractiveTransition(h.context)
            h.driver.update(0.5)
            if completes { h.driver.finish() } else { h.driver.cancel() }
            h.settle()
            XCTAssertEqual(log.entries, [
                "addTo",
                "prepare to.frame=(0.0, 0.0, 400.0x300.0)",
                "animation",
                completes ? "finalize(true) from-in-tree=false to-in-tree=true" : "finalize(false) from-in-tree=true to-in-tree=false",
                "completeTransition(\(completes))",
            ])
        }
    }

    func testContract23_cleanupRunsOneTurnAfterTheAnimationEnds() {
        let log = EventLog()
        let h = DriverHarness(animation: StepRecordingAnimation(log: log))
        h.context.completion = { log.add("completeTransition(\($0))") }
        h.driver.startInteractiveTransition(h.context)
        h.driver.update(0.5)
        h.driver.finish()
        h.settleAnimation()
        XCTAssertEqual(h.to.view.frame.minX, 0, "the final frame is shown")
        XCTAssertTrue(h.from.view.superview === h.containerView, "but nothing is cleaned up yet")
        XCTAssertEqual(log.entries.last, "animation")
        XCTAssertTrue(h.clock.wantsTicks, "the clock is asked for the turn")
        h.clock.tick()
        XCTAssertEqual(log.entries.suffix(2), ["finalize(true) from-in-tree=false to-in-tree=true", "completeTransition(true)"])
    }

    func testContract23_aNewTouchEndsAPendingTransitionAtOnce() {
        let h = Harness()
        XCTAssertTrue(h.container.select(index: 1, animated: true))
        while h.container.interactiveTransition.phase == .completing { h.clock.tick() }
        XCTAssertTrue(h.container.isTransitioning)
        var finger = Finger(h, at: Point(x: 350, y: 150))
        finger.down()
        XCTAssertEqual(h.delegate.ended.map(\.completed), [true])
        finger.move(dx: -100)
        XCTAssertEqual(h.container.transitionToIndex, 2, "the swipe drives the next transition at once")
    }

    private func makeAnimator(duration: Double = 0.3, curve: TimingCurve = .linear) -> (PropertyAnimator, View, ManualFrameClock) {
        let clock = ManualFrameClock()
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let box = View(name: "box", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        root.addSubview(box)
        let animator = PropertyAnimator(duration: duration, curve: curve, frameClock: clock, root: root) {
            box.frame.origin.x = 100
            box.alpha = 0
        }
        return (animator, box, clock)
    }

    func testContract24_recordsStartAndEndAndShowsTheStart() {
        let (animator, box, clock) = makeAnimator()
        XCTAssertEqual(box.frame.minX, 0)
        XCTAssertEqual(box.alpha, 1)
        animator.startAnimation()
        clock.tick()
        XCTAssertEqual(box.frame.minX, 100.0 / 18, accuracy: 1e-9)
    }

    func testContract24_fractionCompleteCanBeSetOnlyWhilePaused() {
        let (animator, box, clock) = makeAnimator()
        animator.fractionComplete = 0.5
        XCTAssertEqual(animator.fractionComplete, 0, "inactive: ignored")
        animator.startAnimation()
        clock.tick()
        animator.fractionComplete = 0.9
        XCTAssertEqual(animator.fractionComplete, 1.0 / 18, accuracy: 1e-9, "running: ignored")
        animator.pauseAnimation()
        animator.fractionComplete = 0.5
        XCTAssertEqual(box.frame.minX, 50)
        XCTAssertEqual(box.alpha, 0.5)
    }

    func testContract24_stopThenFinishRunsCompletionsOnceAtThatPosition() {
        for (position, x) in [(AnimatingPosition.start, 0.0), (.end, 100), (.current, 40)] {
            let (animator, box, _) = makeAnimator()
            var positions: [AnimatingPosition] = []
            animator.addCompletion { positions.append($0) }
            animator.pauseAnimation()
            animator.fractionComplete = 0.4
            animator.stopAnimation(false)
            XCTAssertEqual(animator.state, .stopped)
            XCTAssertTrue(positions.isEmpty)
            animator.finishAnimation(at: position)
            animator.finishAnimation(at: .end)
            XCTAssertEqual(positions, [position])
            XCTAssertEqual(box.frame.minX, x, accuracy: 1e-9)
            XCTAssertEqual(animator.state, .inactive)
        }
    }

    func testContract24_stopWithoutFinishingRunsNoCompletion() {
        let (animator, box, clock) = makeAnimator()
        var ran = false
        animator.addCompletion { _ in ran = true }
        animator.startAnimation()
        clock.tick()
        let x = box.frame.minX
        animator.stopAnimation(true)
        for _ in 0..<30 { clock.tick() }
        XCTAssertFalse(ran)
        XCTAssertEqual(animator.state, .inactive)
        XCTAssertEqual(box.frame.minX, x)
    }

    func testContract24_pausesOnCompletionStaysActiveWithoutCompletion() {
        let (animator, box, clock) = makeAnimator()
        animator.pausesOnCompletion = true
        var ran = false
        animator.addCompletion { _ in ran = true }
        animator.startAnimation()
        for _ in 0..<40 { clock.tick() }
        XCTAssertFalse(ran)
        XCTAssertEqual(animator.state, .active)
        XCTAssertFalse(animator.isRunning)
        XCTAssertEqual(box.frame.minX, 100)
        XCTAssertFalse(clock.wantsTicks)
        animator.fractionComplete = 0.2
        XCTAssertEqual(box.frame.minX, 20, accuracy: 1e-9, "still scrubbable")
    }

    func testContract24_continueRunsTheRestOverDurationFactorTimesTheDuration() {
        let (animator, box, clock) = makeAnimator(duration: 0.3)
        var position: AnimatingPosition?
        animator.addCompletion { position = $0 }
        animator.pauseAnimation()
        animator.fractionComplete = 0.5
        animator.continueAnimation(withTimingParameters: .linear, durationFactor: 2)
        var ticks = 0
        while position == nil && ticks < 100 { clock.tick(); ticks += 1 }
        XCTAssertEqual(Double(ticks) * clock.refreshInterval, 0.6, accuracy: clock.refreshInterval)
        XCTAssertEqual(position, .end)
        XCTAssertEqual(box.frame.minX, 100)
    }

    func testContract24_reversedRunEndsAtTheStart() {
        let (animator, box, clock) = makeAnimator()
        var position: AnimatingPosition?
        animator.addCompletion { position = $0 }
        animator.startAnimation()
        for _ in 0..<9 { clock.tick() }
        XCTAssertEqual(box.frame.minX, 50, accuracy: 1e-6)
        animator.isReversed = true
        var xs: [Double] = []
        while position == nil && xs.count < 100 { clock.tick(); xs.append(box.frame.minX) }
        XCTAssertEqual(position, .start)
        XCTAssertEqual(xs.count, 9, "back over the time it took to get there")
        XCTAssertEqual(box.frame.minX, 0)
        XCTAssertEqual(box.alpha, 1)
    }

    func testContract25_cubicCurvesUseTheStandardControlPoints() {
        XCTAssertEqual(TimingCurve.easeIn, .cubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1))
        XCTAssertEqual(TimingCurve.easeOut, .cubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1))
        XCTAssertEqual(TimingCurve.easeInOut, .cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1))
        // Reference values of the CSS curves at half time.
        XCTAssertEqual(TimingCurve.easeIn.value(at: 0.5, duration: 1), 0.3153, accuracy: 1e-3)
        XCTAssertEqual(TimingCurve.easeOut.value(at: 0.5, duration: 1), 0.6847, accuracy: 1e-3)
        XCTAssertEqual(TimingCurve.easeInOut.value(at: 0.5, duration: 1), 0.5, accuracy: 1e-6)
        XCTAssertEqual(TimingCurve.easeInOut.value(at: 0.25, duration: 1), 0.1291, accuracy: 1e-3)
        XCTAssertEqual(TimingCurve.linear.value(at: 0.3, duration: 1), 0.3)
        for curve in [TimingCurve.easeIn, .easeOut, .easeInOut] {
            XCTAssertEqual(curve.value(at: 0, duration: 1), 0)
            XCTAssertEqual(curve.value(at: 1, duration: 1), 1)
        }
    }

    func testContract25_criticallyDampedSpringDoesNotOscillate() {
        let spring = TimingCurve.spring(dampingRatio: 1, initialVelocity: 0)
        let values = (0...200).map { spring.value(at: Double($0) / 200, duration: 0.5) }
        XCTAssertEqual(values, values.sorted(), "monotonic")
        XCTAssertTrue(values.allSatisfy { $0 <= 1 + 1e-12 })
        XCTAssertEqual(values[199], 1, accuracy: 0.01, "settled by the end")
        let bouncy = TimingCurve.spring(dampingRatio: 0.3, initialVelocity: 0)
        let bounces = (0...200).map { bouncy.value(at: Double($0) / 200, duration: 0.5) }
        XCTAssertGreaterThan(bounces.max()!, 1, "an underdamped spring does oscillate")
    }
}
