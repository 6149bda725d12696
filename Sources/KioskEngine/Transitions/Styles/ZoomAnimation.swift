/// The transform transition: elements the two screens share (views with the same `transitionID`)
/// travel as phantom copies from their place in one screen to their place in the other, while a
/// fade view in the incoming screen's background colour grows over the outgoing screen and the
/// screens cross-fade. The originals are hidden for the duration and shown again at the end,
/// whether the transition completed or not.
public final class ZoomAnimation: TransitionAnimation {
    /// The fade view's colour; nil takes the incoming screen's background colour, so the fade
    /// ends on exactly what the incoming screen shows behind its content.
    public var fadeColor: Color?
    public private(set) var fadeView: View?
    public private(set) var phantoms: [View] = []
    private var pairs: [(source: View, destination: View, phantom: View)] = []

    public init(fadeColor: Color? = nil) {
        self.fadeColor = fadeColor
    }

    public func addTo(containerView: View, fromView: View, toView: View, forward: Bool) {
        let fade = View(name: "zoom-fade", frame: containerView.bounds)
        fade.backgroundColor = fadeColor ?? toView.backgroundColor
        fade.isUserInteractionEnabled = false
        containerView.insertSubview(fade, aboveSubview: fromView)
        containerView.insertSubview(toView, aboveSubview: fade)
        fadeView = fade
        pairs = []
        fromView.forEachInTree { source in
            guard let id = source.transitionID, let destination = toView.descendant(withTransitionID: id) else { return }
            let phantom = View(name: "phantom-\(id)", frame: .zero)
            phantom.backgroundColor = source.backgroundColor
            phantom.content = source.content
            phantom.cornerRadius = source.cornerRadius
            phantom.clipsToBounds = source.clipsToBounds
            phantom.isUserInteractionEnabled = false
            containerView.addSubview(phantom)
            pairs.append((source, destination, phantom))
        }
        phantoms = pairs.map(\.phantom)
    }

    public func prepare(fromView: View, toView: View, forward: Bool) {
        guard let container = fadeView?.superview else { return }
        fadeView?.alpha = 0
        toView.alpha = 0
        for pair in pairs {
            pair.phantom.frame = pair.source.frame(in: container) ?? .zero
            pair.source.isHidden = true
            pair.destination.isHidden = true
        }
    }

    public func animation(fromView: View, toView: View, forward: Bool) {
        guard let container = fadeView?.superview else { return }
        fadeView?.alpha = 1
        toView.alpha = 1
        fromView.alpha = 0
        for pair in pairs {
            // The incoming screen is at its final frame already, so this is where the copy lands.
            pair.phantom.frame = pair.destination.frame(in: container) ?? pair.phantom.frame
        }
    }

    public func finalize(completed: Bool, fromView: View, toView: View, forward: Bool) {
        for pair in pairs {
            pair.source.isHidden = false
            pair.destination.isHidden = false
            pair.phantom.removeFromSuperview()
        }
        fadeView?.removeFromSuperview()
        fadeView = nil
        pairs = []
        phantoms = []
        // Whichever screen left is whole again for its next appearance.
        toView.alpha = 1
        fromView.alpha = 1
    }
}
