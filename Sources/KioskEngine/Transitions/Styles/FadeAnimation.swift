/// A cross-fade: the incoming screen fades in over the outgoing one.
public final class FadeAnimation: TransitionAnimation {
    public init() {}

    public func addTo(containerView: View, fromView: View, toView: View, forward: Bool) {
        containerView.addSubview(toView)
    }

    public func prepare(fromView: View, toView: View, forward: Bool) {
        toView.alpha = 0
    }

    public func animation(fromView: View, toView: View, forward: Bool) {
        toView.alpha = 1
    }

    public func finalize(completed: Bool, fromView: View, toView: View, forward: Bool) {
        // A cancelled screen leaves transparent; it must be whole when it next appears.
        toView.alpha = 1
    }
}
