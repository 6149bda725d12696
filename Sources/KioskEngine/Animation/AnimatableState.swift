/// The properties of a view a property animator interpolates, captured at one moment.
public struct AnimatableState: Hashable, Sendable {
    public var frame: Rect
    public var boundsOrigin: Point
    public var transform: Transform3D
    public var alpha: Double
    public var backgroundColor: Color

    public init(of view: View) {
        frame = view.frame
        boundsOrigin = view.boundsOrigin
        transform = view.transform
        alpha = view.alpha
        backgroundColor = view.backgroundColor
    }

    public func apply(to view: View) {
        view.frame = frame
        view.boundsOrigin = boundsOrigin
        view.transform = transform
        view.alpha = alpha
        view.backgroundColor = backgroundColor
    }

    public static func interpolate(_ a: AnimatableState, _ b: AnimatableState, _ t: Double) -> AnimatableState {
        func l(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
        var state = a
        state.frame = Rect(x: l(a.frame.minX, b.frame.minX), y: l(a.frame.minY, b.frame.minY),
                           width: l(a.frame.width, b.frame.width), height: l(a.frame.height, b.frame.height))
        state.boundsOrigin = Point(x: l(a.boundsOrigin.x, b.boundsOrigin.x), y: l(a.boundsOrigin.y, b.boundsOrigin.y))
        state.transform = a.transform == b.transform ? a.transform : Transform3D.interpolate(a.transform, b.transform, t)
        state.alpha = l(a.alpha, b.alpha)
        state.backgroundColor = a.backgroundColor == b.backgroundColor
            ? a.backgroundColor : Color.interpolate(a.backgroundColor, b.backgroundColor, t)
        return state
    }
}
