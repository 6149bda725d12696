/// An object that animates a transition between two controllers: UIViewControllerAnimatedTransitioning.
public protocol AnimatedTransitioning: AnyObject {
    func transitionDuration(using context: TransitionContext) -> Double
    /// Sets up the views and starts the animation, or leaves it paused at its start when
    /// `context.isInteractive`; must end with `context.completeTransition(_:)`.
    func animateTransition(using context: TransitionContext)
    /// The animator running `context`'s transition, which an interactive driver scrubs.
    func interruptibleAnimator(using context: TransitionContext) -> PropertyAnimator?
    /// Called by the container after the transition has ended.
    func animationEnded(_ transitionCompleted: Bool)
}
