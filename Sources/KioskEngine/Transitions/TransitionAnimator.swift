/// The one transition animator: runs a `TransitionAnimation`'s four steps as an animated
/// transition, through a property animator so the transition can be scrubbed, reversed and caught
/// by a finger (`PercentDrivenInteractiveTransition` drives it).
///
/// The cleanup of a transition whose animation has ended runs one tick later, so the final frame
/// is shown first (`completePendingTransition`); `end(completing:)` ends a transition at once.
public final class TransitionAnimator {
    /// The style's four steps.
    public var animation: any TransitionAnimation
    /// Seconds for a whole transition.
    public var duration: Double
    /// The curve of a non-interactive run (a tab selection).
    public var curve: TimingCurve
    private let frameClock: any FrameClock
    private var running: (context: TransitionContext, animator: PropertyAnimator)?
    /// The end of a transition whose animation has finished, due on the next tick.
    private var pendingCompletion: (() -> Void)?
    private var completionLink: DisplayLink?

    public init(animation: any TransitionAnimation, frameClock: any FrameClock, duration: Double = 0.33,
                curve: TimingCurve = .easeInOut) {
        self.animation = animation
        self.frameClock = frameClock
        self.duration = duration
        self.curve = curve
    }

    deinit {
        // A transition dropped with its scene must not keep the clock ticking.
        completionLink?.invalidate()
    }

    /// True from `animateTransition` until its cleanup has run.
    public var isRunning: Bool { running != nil }

    /// Sets up the views and starts the animation, or leaves it paused at its start when
    /// `context.isInteractive`; ends with `context.completeTransition(_:)`. Refuses (completes
    /// `context` with false, touching nothing) while another transition runs or waits for its cleanup.
    public func animateTransition(using context: TransitionContext) {
        guard running == nil else {
            context.onDiagnostic?("a transition is already running; refused the one to \(context.toView.name)")
            context.completeTransition(false)
            return
        }
        let animation = self.animation
        let from = context.fromView, to = context.toView, container = context.containerView
        let forward = context.isForward
        // The root above the container, so that views outside it (blur, indicator) animate too.
        let animator = animation.makeAnimator(containerView: container, fromView: from, toView: to,
                                              toFrame: context.finalFrame(for: context.toViewController), forward: forward,
                                              duration: duration, curve: curve,
                                              frameClock: frameClock, root: container.rootAncestor)
        animator.addCompletion { [weak self] position in
            let completed = position == .end
            self?.schedule {
                let leaving = completed ? from : to
                let presenter = forward ? from : to
                if !(leaving === presenter && animation.presenterStaysVisible(forward: forward, completed: completed)) {
                    leaving.removeFromSuperview()
                }
                animation.finalize(completed: completed, fromView: from, toView: to, forward: forward)
                self?.running = nil
                context.completeTransition(completed)
            }
        }
        running = (context, animator)
        if context.isInteractive {
            animator.pauseAnimation()
        } else {
            animator.startAnimation()
        }
    }

    /// True between the end of the animation and the tick that ends the transition.
    public var hasPendingCompletion: Bool { pendingCompletion != nil }

    /// Ends a transition whose animation has finished now rather than on the next tick, for a
    /// request that cannot wait (`ContainerController.transitionUnderWay`).
    func completePendingTransition() {
        guard let pending = pendingCompletion else { return }
        pendingCompletion = nil
        completionLink?.invalidate()
        completionLink = nil
        pending()
    }

    /// The original runs the cleanup one main-loop turn after the animation: the final frame is
    /// shown first, then the views and controllers change. Here the turn is the next tick.
    private func schedule(_ cleanup: @escaping () -> Void) {
        pendingCompletion = cleanup
        completionLink = frameClock.addDisplayLink { [weak self] _ in self?.completePendingTransition() }
    }

    /// The animator running `context`'s transition, which an interactive driver scrubs.
    public func interruptibleAnimator(using context: TransitionContext) -> PropertyAnimator? {
        guard let running, running.context === context else { return nil }
        return running.animator
    }

    /// Ends the running transition now, at its end (`completing`) or back at its start, cleanup
    /// included: for a container about to be replaced.
    public func end(completing: Bool) {
        guard let running else { return }
        running.animator.stopAnimation(false)
        running.animator.finishAnimation(at: completing ? .end : .start)
        completePendingTransition()
    }
}
