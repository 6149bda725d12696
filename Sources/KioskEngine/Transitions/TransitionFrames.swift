/// Where the two views of a transition start and end, in the container's coordinates.
public struct TransitionFrames: Hashable, Sendable {
    public var fromInitial: Rect
    public var fromFinal: Rect
    public var toInitial: Rect
    public var toFinal: Rect

    public init(fromInitial: Rect, fromFinal: Rect, toInitial: Rect, toFinal: Rect) {
        self.fromInitial = fromInitial
        self.fromFinal = fromFinal
        self.toInitial = toInitial
        self.toFinal = toFinal
    }

    /// Side by side: going forward the outgoing view leaves by the left edge and the incoming one
    /// enters from the right; going back, mirrored.
    public static func slide(in bounds: Rect, forward: Bool) -> TransitionFrames {
        let shift = forward ? bounds.width : -bounds.width
        return TransitionFrames(fromInitial: bounds, fromFinal: bounds.offsetBy(dx: -shift, dy: 0),
                                toInitial: bounds.offsetBy(dx: shift, dy: 0), toFinal: bounds)
    }
}
