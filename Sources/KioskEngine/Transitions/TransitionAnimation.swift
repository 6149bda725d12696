/// The original design's four-step animation protocol: one transition style's view work.
///
/// `TransitionAnimator` calls `addTo`, sets the incoming frame, calls `prepare`, records
/// `animation` into a property animator, and calls `finalize` when it ends. Styles set layer
/// properties only (frame, transform, alpha); the compositor draws them.
public protocol TransitionAnimation: AnyObject {
    /// Puts the views into the container in the order the style needs.
    func addTo(containerView: View, fromView: View, toView: View, forward: Bool)
    /// Places the views where the animation starts.
    func prepare(fromView: View, toView: View, forward: Bool)
    /// Sets the values the animation ends at.
    func animation(fromView: View, toView: View, forward: Bool)
    /// Sets values a straight interpolation cannot express (rotations) for `progress` (0...1);
    /// called on every frame after the interpolated values are applied.
    func interpolate(progress: Double, fromView: View, toView: View, forward: Bool)
    /// Cleans up after the animation, completed or cancelled.
    func finalize(completed: Bool, fromView: View, toView: View, forward: Bool)
    /// Where the views start and end; side by side unless the style says otherwise.
    func frames(in bounds: Rect, forward: Bool) -> TransitionFrames
    /// True when the presenting view (the outgoing one going forward, the incoming one going back)
    /// stays on screen after the transition although its controller is not on top: a panel's presenter.
    func presenterStaysVisible(forward: Bool, completed: Bool) -> Bool
}

extension TransitionAnimation {
    public func interpolate(progress: Double, fromView: View, toView: View, forward: Bool) {}

    public func frames(in bounds: Rect, forward: Bool) -> TransitionFrames {
        .slide(in: bounds, forward: forward)
    }

    public func presenterStaysVisible(forward: Bool, completed: Bool) -> Bool { false }

    /// The first steps of every run of this style: `toView` is added to `containerView` and put at
    /// `toFrame`, both views are prepared, and the returned animator runs the style's animations
    /// and its progress animation over `root`. The caller starts it, or pauses it to scrub.
    public func makeAnimator(containerView: View, fromView: View, toView: View, toFrame: Rect, forward: Bool,
                             duration: Double, curve: TimingCurve, frameClock: any FrameClock, root: View) -> PropertyAnimator {
        addTo(containerView: containerView, fromView: fromView, toView: toView, forward: forward)
        toView.frame = toFrame
        prepare(fromView: fromView, toView: toView, forward: forward)
        let animator = PropertyAnimator(duration: duration, curve: curve, frameClock: frameClock, root: root)
        animator.addAnimations { self.animation(fromView: fromView, toView: toView, forward: forward) }
        animator.addProgressAnimation { self.interpolate(progress: $0, fromView: fromView, toView: toView, forward: forward) }
        return animator
    }
}
