import XCTest
@testable import KioskEngine

/// Two controllers in a bare container, a four-step animator and a percent-driven driver:
/// the transition machinery without the container controller.
struct DriverHarness {
    let clock = ManualFrameClock()
    let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 400, height: 300))
    let containerView = View(name: "container", frame: Rect(x: 0, y: 0, width: 400, height: 300))
    let from = ViewController(name: "from")
    let to = ViewController(name: "to")
    let animator: TransitionAnimator
    let driver: PercentDrivenInteractiveTransition
    let context: TransitionContext
    let outcomes = EventLog()

    init(animation: any TransitionAnimation = SlideAnimation(), forward: Bool = true, duration: Double = 0.3) {
        root.addSubview(containerView)
        containerView.addSubview(from.view)
        from.view.frame = containerView.bounds
        animator = TransitionAnimator(animation: animation, frameClock: clock, duration: duration)
        driver = PercentDrivenInteractiveTransition(animator: animator)
        context = TransitionContext(from: from, to: to, containerView: containerView, isForward: forward,
                                    isInteractive: true, frames: animation.frames(in: containerView.bounds, forward: forward))
        let outcomes = self.outcomes
        context.completion = { outcomes.add("completed=\($0)") }
    }

    /// Ticks until the animation has run to its end or start; returns the number of ticks.
    @discardableResult
    func settleAnimation(limit: Int = 600) -> Int {
        var frames = 0
        while driver.phase == .completing && frames < limit {
            clock.tick()
            frames += 1
        }
        return frames
    }

    /// Ticks until the context completes; returns the number of ticks.
    @discardableResult
    func settle(limit: Int = 600) -> Int {
        var frames = 0
        while !context.isCompleted && frames < limit {
            clock.tick()
            frames += 1
        }
        return frames
    }
}
