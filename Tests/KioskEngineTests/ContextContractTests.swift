import XCTest
@testable import KioskEngine

final class ContextContractTests: XCTestCase {
    private let bounds = Rect(x: 0, y: 0, width: 400, height: 300)

    func testContract06_forwardFramesShiftByWidth() {
        let container = View(name: "c", frame: bounds)
        let a = ViewController(), b = ViewController()
        let context = TransitionContext(from: a, to: b, containerView: container, isForward: true, isInteractive: false)
        XCTAssertEqual(context.initialFrame(for: a), bounds)
        XCTAssertEqual(context.finalFrame(for: a), bounds.offsetBy(dx: -400, dy: 0))
        XCTAssertEqual(context.initialFrame(for: b), bounds.offsetBy(dx: 400, dy: 0))
        XCTAssertEqual(context.finalFrame(for: b), bounds)
        XCTAssertEqual(context.initialFrame(for: ViewController()), .zero)
    }

    func testContract06_backwardFramesMirrored() {
        let container = View(name: "c", frame: bounds)
        let a = ViewController(), b = ViewController()
        let context = TransitionContext(from: a, to: b, containerView: container, isForward: false, isInteractive: false)
        XCTAssertEqual(context.finalFrame(for: a), bounds.offsetBy(dx: 400, dy: 0))
        XCTAssertEqual(context.initialFrame(for: b), bounds.offsetBy(dx: -400, dy: 0))
        XCTAssertEqual(context.finalFrame(for: b), bounds)
    }

    func testContract06_slideMovesViewsBetweenTheContextFrames() {
        for forward in [true, false] {
            let h = DriverHarness(forward: forward)
            h.driver.startInteractiveTransition(h.context)
            XCTAssertEqual(h.from.view.frame, h.context.initialFrame(for: h.from))
            XCTAssertEqual(h.to.view.frame, h.context.initialFrame(for: h.to))
            h.driver.update(1)
            XCTAssertEqual(h.from.view.frame, h.context.finalFrame(for: h.from))
            XCTAssertEqual(h.to.view.frame, h.context.finalFrame(for: h.to))
        }
    }

    func testContract07_completeTransitionTakesEffectOnce() {
        let container = View(name: "c", frame: bounds)
        let context = TransitionContext(from: ViewController(), to: ViewController(), containerView: container,
                                        isForward: true, isInteractive: false)
        var results: [Bool] = []
        var messages: [String] = []
        context.completion = { results.append($0) }
        context.onDiagnostic = { messages.append($0) }
        context.completeTransition(true)
        context.completeTransition(false)
        XCTAssertEqual(results, [true])
        XCTAssertTrue(context.isCompleted)
        XCTAssertEqual(messages.count, 1, "the second call is logged")
        XCTAssertTrue(messages.first?.contains("ignored") == true)
    }

    func testContract07_aDrivenTransitionCompletesOnce() {
        let h = DriverHarness()
        h.driver.startInteractiveTransition(h.context)
        h.driver.update(0.7)
        h.driver.finish()
        h.settle()
        for _ in 0..<5 { h.clock.tick() }
        XCTAssertEqual(h.outcomes.entries, ["completed=true"])
    }

    func testContract08_cancelledFlagSetBeforeFirstCompletionTick() {
        let h = DriverHarness()
        h.driver.startInteractiveTransition(h.context)
        h.driver.update(0.4)
        var flagSeenOnFirstTick: Bool?
        h.animator.interruptibleAnimator(using: h.context)?.addProgressAnimation { [context = h.context] _ in
            if flagSeenOnFirstTick == nil, context.percentComplete > 0 { flagSeenOnFirstTick = context.transitionWasCancelled }
        }
        flagSeenOnFirstTick = nil
        XCTAssertFalse(h.context.transitionWasCancelled)
        h.driver.cancel()
        XCTAssertTrue(h.context.transitionWasCancelled, "set by cancel, before any tick")
        h.clock.tick()
        XCTAssertEqual(flagSeenOnFirstTick, true)
        h.settle()
        XCTAssertEqual(h.outcomes.entries, ["completed=false"])
    }
}
