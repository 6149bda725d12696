/// A style whose views are set entirely by `interpolate(progress:)`, as turns about the vertical
/// axis must be (a straight interpolation of two rotation matrices is no rotation): flip and cube.
public protocol TurningAnimation: TransitionAnimation {
    /// Distance of the eye from the screen in pixels; smaller is a stronger perspective.
    var perspectiveDistance: Double { get }
}

extension TurningAnimation {
    public func addTo(containerView: View, fromView: View, toView: View, forward: Bool) {
        containerView.addSubview(toView)
    }

    public func prepare(fromView: View, toView: View, forward: Bool) {
        interpolate(progress: 0, fromView: fromView, toView: toView, forward: forward)
    }

    public func animation(fromView: View, toView: View, forward: Bool) {}
}
