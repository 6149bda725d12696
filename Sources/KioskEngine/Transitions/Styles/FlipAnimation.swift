import Foundation

/// A flip about the vertical axis with perspective: pushing turns the outgoing screen away from the
/// right edge until it is edge-on at half-way, then the incoming one turns in; popping mirrors it.
public final class FlipAnimation: TurningAnimation {
    public var perspectiveDistance: Double

    public init(perspectiveDistance: Double = 1000) {
        self.perspectiveDistance = perspectiveDistance
    }

    public func interpolate(progress: Double, fromView: View, toView: View, forward: Bool) {
        // A positive angle sends the right edge away from the viewer.
        let turn = (forward ? 1.0 : -1.0) * Double.pi / 2
        if progress < 0.5 {
            fromView.transform = flip(turn * progress * 2)
            fromView.alpha = 1
            toView.transform = flip(-turn)
            toView.alpha = 0
        } else {
            fromView.transform = flip(turn)
            fromView.alpha = 0
            toView.transform = flip(-turn * (1 - (progress - 0.5) * 2))
            toView.alpha = 1
        }
    }

    public func finalize(completed: Bool, fromView: View, toView: View, forward: Bool) {
        for view in [fromView, toView] {
            view.transform = .identity
            view.alpha = 1
        }
    }

    private func flip(_ angle: Double) -> Transform3D {
        angle == 0 ? .identity : Transform3D.rotation(y: angle).concatenating(.perspective(distance: perspectiveDistance))
    }
}
