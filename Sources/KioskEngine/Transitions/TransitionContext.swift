/// Everything one transition between two controllers knows: UIViewControllerContextTransitioning.
///
/// The container creates one per transition; the animated-transitioning object reads the views and
/// frames from it and reports the end through `completeTransition(_:)`, which takes effect once.
public final class TransitionContext {
    public let fromViewController: ViewController
    public let toViewController: ViewController
    /// The view the transition happens in; both views are its subviews while it runs.
    public let containerView: View
    /// True toward the next screen (index + 1).
    public let isForward: Bool
    public var isAnimated = true
    public var isInteractive: Bool
    /// Set by `cancelInteractiveTransition()`, before the completion animation's first tick.
    public private(set) var transitionWasCancelled = false
    public private(set) var isCompleted = false
    /// The last value reported by `updateInteractiveTransition(_:)`.
    public private(set) var percentComplete = 0.0
    /// Called by the first `completeTransition(_:)` with whether the transition completed.
    public var completion: ((Bool) -> Void)?
    /// Receives messages about ignored calls, for the daemon's log.
    public var onDiagnostic: ((String) -> Void)?
    public let frames: TransitionFrames

    public init(from: ViewController, to: ViewController, containerView: View, isForward: Bool,
                isInteractive: Bool, frames: TransitionFrames? = nil) {
        fromViewController = from
        toViewController = to
        self.containerView = containerView
        self.isForward = isForward
        self.isInteractive = isInteractive
        self.frames = frames ?? .slide(in: containerView.bounds, forward: isForward)
    }

    public var fromView: View { fromViewController.view }
    public var toView: View { toViewController.view }

    /// The frame the controller's view has when the transition starts; `.zero` for a stranger.
    public func initialFrame(for controller: ViewController) -> Rect {
        if controller === fromViewController { return frames.fromInitial }
        if controller === toViewController { return frames.toInitial }
        return .zero
    }

    /// The frame the controller's view has when the transition completes; `.zero` for a stranger.
    public func finalFrame(for controller: ViewController) -> Rect {
        if controller === fromViewController { return frames.fromFinal }
        if controller === toViewController { return frames.toFinal }
        return .zero
    }

    public func updateInteractiveTransition(_ percentComplete: Double) {
        self.percentComplete = percentComplete
    }

    public func finishInteractiveTransition() {
        transitionWasCancelled = false
    }

    public func cancelInteractiveTransition() {
        transitionWasCancelled = true
    }

    /// A finger caught the transition while it was completing: it is interactive again and
    /// no longer decided either way.
    public func pauseInteractiveTransition() {
        transitionWasCancelled = false
        isInteractive = true
    }

    /// Ends the transition; only the first call counts, later ones are reported and ignored.
    public func completeTransition(_ didComplete: Bool) {
        guard !isCompleted else {
            onDiagnostic?("completeTransition(\(didComplete)) called again for the transition from \(fromView.name) to \(toView.name); ignored")
            return
        }
        isCompleted = true
        completion?(didComplete)
    }
}
