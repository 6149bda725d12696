/// A style's animation plus the container's own decorations (blur alpha, the indicator dots'
/// colours), so that they follow the same progress as the screens.
final class ChromedTransitionAnimation: TransitionAnimation {
    var style: any TransitionAnimation
    /// Sets the decorations' end values for the transition under way.
    var chromeAnimation: () -> Void = {}

    init(style: any TransitionAnimation) {
        self.style = style
    }

    func addTo(containerView: View, fromView: View, toView: View, forward: Bool) {
        style.addTo(containerView: containerView, fromView: fromView, toView: toView, forward: forward)
    }

    func prepare(fromView: View, toView: View, forward: Bool) {
        style.prepare(fromView: fromView, toView: toView, forward: forward)
    }

    func animation(fromView: View, toView: View, forward: Bool) {
        style.animation(fromView: fromView, toView: toView, forward: forward)
        chromeAnimation()
    }

    func interpolate(progress: Double, fromView: View, toView: View, forward: Bool) {
        style.interpolate(progress: progress, fromView: fromView, toView: toView, forward: forward)
    }

    func finalize(completed: Bool, fromView: View, toView: View, forward: Bool) {
        style.finalize(completed: completed, fromView: fromView, toView: toView, forward: forward)
    }

    func frames(in bounds: Rect, forward: Bool) -> TransitionFrames {
        style.frames(in: bounds, forward: forward)
    }

    func presenterStaysVisible(forward: Bool, completed: Bool) -> Bool {
        style.presenterStaysVisible(forward: forward, completed: completed)
    }
}
