extension View {
    /// The topmost view above this one (itself when it has no superview).
    public var rootAncestor: View {
        var node = self
        while let parent = node.superview { node = parent }
        return node
    }

    /// This view's frame in the coordinates of `ancestor`, counting translations and scrolling
    /// of the views between; nil when `ancestor` is not above this view.
    public func frame(in ancestor: View) -> Rect? {
        var origin = frame.origin
        origin.x += transform.m41
        origin.y += transform.m42
        var node = self
        while let parent = node.superview {
            origin.x -= parent.boundsOrigin.x
            origin.y -= parent.boundsOrigin.y
            if parent === ancestor { return Rect(origin: origin, size: frame.size) }
            origin.x += parent.frame.minX + parent.transform.m41
            origin.y += parent.frame.minY + parent.transform.m42
            node = parent
        }
        return ancestor === self ? Rect(origin: .zero, size: frame.size) : nil
    }

    /// The first view in this tree (depth first, this view included) with `transitionID`.
    public func descendant(withTransitionID id: String) -> View? {
        if transitionID == id { return self }
        for child in subviews {
            if let match = child.descendant(withTransitionID: id) { return match }
        }
        return nil
    }
}
