/// A push: both screens move together, the outgoing one leaving as the incoming one enters.
public final class SlideAnimation: TransitionAnimation {
    public init() {}

    public func addTo(containerView: View, fromView: View, toView: View, forward: Bool) {
        containerView.addSubview(toView)
    }

    public func prepare(fromView: View, toView: View, forward: Bool) {
        let width = toView.frame.width
        toView.frame = toView.frame.offsetBy(dx: forward ? width : -width, dy: 0)
    }

    public func animation(fromView: View, toView: View, forward: Bool) {
        let width = fromView.frame.width
        toView.frame = fromView.frame
        fromView.frame = fromView.frame.offsetBy(dx: forward ? -width : width, dy: 0)
    }

    public func finalize(completed: Bool, fromView: View, toView: View, forward: Bool) {}
}
