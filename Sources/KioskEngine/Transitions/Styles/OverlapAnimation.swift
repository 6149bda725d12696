/// The original design: the next screen slides in over the current one from the right; going
/// back, the current screen slides away to the right and uncovers the previous one.
public final class OverlapAnimation: TransitionAnimation {
    public init() {}

    public func addTo(containerView: View, fromView: View, toView: View, forward: Bool) {
        if forward {
            containerView.addSubview(toView)
        } else {
            containerView.insertSubview(toView, belowSubview: fromView)
        }
    }

    public func prepare(fromView: View, toView: View, forward: Bool) {
        if forward { toView.frame = toView.frame.offsetBy(dx: toView.frame.width, dy: 0) }
    }

    public func animation(fromView: View, toView: View, forward: Bool) {
        if forward {
            toView.frame = fromView.frame
        } else {
            fromView.frame = fromView.frame.offsetBy(dx: fromView.frame.width, dy: 0)
        }
    }

    public func finalize(completed: Bool, fromView: View, toView: View, forward: Bool) {}
}
