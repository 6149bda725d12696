import Foundation

/// Two screens as neighbouring faces of a cube that turns about its vertical axis: going forward
/// the cube turns left, bringing the right-hand face to the front.
public final class CubeAnimation: TurningAnimation {
    public var perspectiveDistance: Double

    public init(perspectiveDistance: Double = 1000) {
        self.perspectiveDistance = perspectiveDistance
    }

    public func interpolate(progress: Double, fromView: View, toView: View, forward: Bool) {
        let direction = forward ? 1.0 : -1.0
        let quarter = Double.pi / 2
        fromView.transform = face(angle: -direction * quarter * progress, width: fromView.frame.width)
        toView.transform = face(angle: direction * quarter * (1 - progress), width: toView.frame.width)
        // Nothing sorts the faces by depth, so a face seen from inside the cube is hidden instead:
        // the faces left facing the viewer never overlap, whatever order they are drawn in.
        fromView.alpha = facesViewer(fromView) ? 1 : 0
        toView.alpha = facesViewer(toView) ? 1 : 0
    }

    public func finalize(completed: Bool, fromView: View, toView: View, forward: Bool) {
        for view in [fromView, toView] {
            view.transform = .identity
            view.alpha = 1
        }
    }

    /// True when the view's front side is towards the viewer: its left edge still projects left of its right edge.
    private func facesViewer(_ view: View) -> Bool {
        let half = view.frame.width / 2
        guard let left = view.transform.apply(to: Point(x: -half, y: 0)),
              let right = view.transform.apply(to: Point(x: half, y: 0)) else { return false }
        return left.x < right.x
    }

    /// A face at the front of a cube whose centre lies half a width behind the screen, turned by `angle`.
    private func face(angle: Double, width: Double) -> Transform3D {
        guard angle != 0 else { return .identity }
        let half = width / 2
        return Transform3D.translation(x: 0, y: 0, z: half)
            .concatenating(.rotation(y: angle))
            .concatenating(.translation(x: 0, y: 0, z: -half))
            .concatenating(.perspective(distance: perspectiveDistance))
    }
}
