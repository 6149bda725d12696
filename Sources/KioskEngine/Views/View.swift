/// A node of the layer tree: what UIView and CALayer are together in UIKit.
///
/// Plain data plus a hierarchy. The engine's animators change these properties; the compositor
/// reads them each frame and works out the damage itself, so a view needs no dirty flags.
/// Subview order is z-order, back to front.
public final class View {
    /// A name for logs, tests and golden images; never shown.
    public var name: String
    /// Position and size in the superview's coordinates, before `transform`.
    public var frame: Rect
    /// The visible part of the view's own content; a non-zero origin scrolls the subviews.
    public var boundsOrigin: Point = .zero
    /// Applied about the centre of `frame`, as a layer's transform about its anchor point.
    public var transform: Transform3D = .identity
    public var alpha: Double = 1
    public var isHidden: Bool = false
    public var backgroundColor: Color = .clear
    public var cornerRadius: Double = 0
    /// Subviews are clipped to the (rounded) bounds.
    public var clipsToBounds: Bool = false
    public var shadow: Shadow?
    public var content: ViewContent = .none
    /// False for decorations such as the swipe indicator: they never take touches.
    public var isUserInteractionEnabled: Bool = true
    /// Called when a tap lands on this view (or a subview without its own action): tab buttons,
    /// on-screen buttons.
    public var onTap: (() -> Void)?
    /// Set, the view is pressed rather than tapped (on-screen buttons): called when a finger that
    /// landed on it lifts within the touch slop, with the seconds it was held, however long.
    public var onPress: ((Double) -> Void)?
    /// Called with true when a finger lands on a view with `onPress`, and with false when that
    /// finger lifts, is cancelled, or moves past the slop (a swipe presses nothing).
    public var onPressChanged: ((Bool) -> Void)?
    /// Views in two screens with the same identifier are one element to the zoom transition,
    /// which carries a copy of it from its place in one screen to its place in the other.
    public var transitionID: String?
    /// Set, the view scrolls its subviews vertically by `boundsOrigin.y` over content this tall.
    public var scrollContentHeight: Double?

    public private(set) var subviews: [View] = []
    public private(set) weak var superview: View?

    public init(name: String = "view", frame: Rect = .zero) {
        self.name = name
        self.frame = frame
    }

    /// The view's own coordinate space: origin `boundsOrigin`, size of the frame.
    public var bounds: Rect {
        get { Rect(origin: boundsOrigin, size: frame.size) }
        set {
            boundsOrigin = newValue.origin
            frame.size = newValue.size
        }
    }

    /// Adds `view` on top of the other subviews (moving it if it already has a superview).
    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    public func insertSubview(_ view: View, at index: Int) {
        precondition(view !== self, "a view cannot be its own subview")
        view.removeFromSuperview()
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superview = self
    }

    public func insertSubview(_ view: View, belowSubview sibling: View) {
        view.removeFromSuperview()
        insertSubview(view, at: subviews.firstIndex { $0 === sibling } ?? 0)
    }

    public func insertSubview(_ view: View, aboveSubview sibling: View) {
        view.removeFromSuperview()
        insertSubview(view, at: (subviews.firstIndex { $0 === sibling }).map { $0 + 1 } ?? subviews.count)
    }

    public func bringSubviewToFront(_ view: View) {
        guard view.superview === self else { return }
        addSubview(view)
    }

    public func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.subviews.removeAll { $0 === self }
        superview = nil
    }

    public func isDescendant(of ancestor: View) -> Bool {
        var node: View? = self
        while let current = node {
            if current === ancestor { return true }
            node = current.superview
        }
        return false
    }

    /// This view and every view below it, depth first, back to front.
    public func forEachInTree(_ body: (View) -> Void) {
        body(self)
        for child in subviews { child.forEachInTree(body) }
    }

    /// The front-most visible, interactive view under `point` (in this view's superview coordinates).
    /// Ignores transforms other than translation, which is all touch routing needs.
    public func hitTest(_ point: Point) -> View? {
        guard !isHidden, alpha > 0.01, isUserInteractionEnabled else { return nil }
        let local = Point(x: point.x - frame.minX - transform.m41 + boundsOrigin.x,
                          y: point.y - frame.minY - transform.m42 + boundsOrigin.y)
        for child in subviews.reversed() {
            if let hit = child.hitTest(local) { return hit }
        }
        return bounds.contains(local) ? self : nil
    }
}

/// A soft drop shadow, drawn once with the view's content.
public struct Shadow: Hashable, Sendable {
    public var color: Color
    public var offset: Point
    public var radius: Double

    public init(color: Color = Color(red: 0, green: 0, blue: 0, alpha: 0.35), offset: Point = Point(x: 0, y: 6), radius: Double = 16) {
        self.color = color
        self.offset = offset
        self.radius = radius
    }
}
