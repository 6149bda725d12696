import KioskEngine

/// A hash of everything visible in a view tree: equal signatures mean the same picture.
///
/// `simulate` logs a frame only at the vsyncs where the signature changes, which is what
/// "one frame per vsync at which something changed" means without drawing pixels.
public enum ViewTreeSignature {
    public static func of(_ root: View) -> Int {
        var hasher = Hasher()
        root.forEachInTree { view in
            hasher.combine(ObjectIdentifier(view))
            hasher.combine(view.isHidden)
            guard !view.isHidden else { return }
            hasher.combine(view.frame)
            hasher.combine(view.boundsOrigin)
            hasher.combine(view.transform)
            hasher.combine(view.alpha)
            hasher.combine(view.backgroundColor)
            hasher.combine(view.cornerRadius)
            hasher.combine(view.clipsToBounds)
            hasher.combine(view.content)
            hasher.combine(view.subviews.count)
        }
        return hasher.finalize()
    }
}
