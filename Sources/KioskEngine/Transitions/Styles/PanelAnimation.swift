/// A half-height panel presented from the bottom over a dimming view (going forward), dismissed
/// downward (going back). The dimming view fades in with the presentation and out with the
/// dismissal; it stays while a panel is up.
public final class PanelAnimation: TransitionAnimation {
    /// Share of the container's height the panel takes.
    public var heightFraction: Double
    public var dimmingColor: Color
    /// Present from the presentation until the dismissal completes.
    public private(set) var dimmingView: View?

    public init(heightFraction: Double = 0.5, dimmingColor: Color = Color(red: 0, green: 0, blue: 0, alpha: 0.5)) {
        self.heightFraction = heightFraction
        self.dimmingColor = dimmingColor
    }

    public func panelHeight(in bounds: Rect) -> Double { bounds.height * heightFraction }

    public func frames(in bounds: Rect, forward: Bool) -> TransitionFrames {
        let height = panelHeight(in: bounds)
        let shown = Rect(x: bounds.minX, y: bounds.maxY - height, width: bounds.width, height: height)
        let hidden = shown.offsetBy(dx: 0, dy: height)
        return forward
            ? TransitionFrames(fromInitial: bounds, fromFinal: bounds, toInitial: hidden, toFinal: shown)
            : TransitionFrames(fromInitial: shown, fromFinal: hidden, toInitial: bounds, toFinal: bounds)
    }

    public func addTo(containerView: View, fromView: View, toView: View, forward: Bool) {
        if forward {
            let dimming = dimmingView ?? View(name: "panel-dimming")
            dimming.frame = containerView.bounds
            dimming.backgroundColor = dimmingColor
            dimming.alpha = 0
            containerView.addSubview(dimming)
            containerView.addSubview(toView)
            dimmingView = dimming
        } else {
            if let dimmingView, dimmingView.superview === containerView {
                containerView.insertSubview(toView, belowSubview: dimmingView)
            } else {
                containerView.insertSubview(toView, belowSubview: fromView)
            }
        }
    }

    public func prepare(fromView: View, toView: View, forward: Bool) {
        if forward {
            toView.frame = toView.frame.offsetBy(dx: 0, dy: toView.frame.height)
        } else {
            dimmingView?.alpha = 1
        }
    }

    public func animation(fromView: View, toView: View, forward: Bool) {
        if forward {
            toView.frame = toView.frame.offsetBy(dx: 0, dy: -toView.frame.height)
            dimmingView?.alpha = 1
        } else {
            fromView.frame = fromView.frame.offsetBy(dx: 0, dy: fromView.frame.height)
            dimmingView?.alpha = 0
        }
    }

    /// The screen under a panel stays in sight, dimmed, while the panel is up.
    public func presenterStaysVisible(forward: Bool, completed: Bool) -> Bool {
        forward == completed
    }

    public func finalize(completed: Bool, fromView: View, toView: View, forward: Bool) {
        // A cancelled presentation and a completed dismissal leave no panel, so no dimming.
        if forward != completed {
            dimmingView?.removeFromSuperview()
            dimmingView = nil
        }
    }
}
