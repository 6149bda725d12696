/// A clockwise quarter-turn: how the picture is turned on the panel (`[display] rotation`), or how a
/// touch digitizer is turned against the panel's native scan-out (`[[input.device]] rotation`).
public enum Rotation: Int, Hashable, Sendable, CaseIterable {
    case none = 0
    case clockwise90 = 90
    case clockwise180 = 180
    case clockwise270 = 270

    public var degrees: Int { rawValue }

    /// The turn that undoes this one.
    public var inverse: Rotation {
        switch self {
        case .none: .none
        case .clockwise90: .clockwise270
        case .clockwise180: .clockwise180
        case .clockwise270: .clockwise90
        }
    }

    /// True for the quarter turns, which exchange width and height.
    public var swapsAxes: Bool {
        switch self {
        case .none, .clockwise180: false
        case .clockwise90, .clockwise270: true
        }
    }

    /// `size` after the turn.
    public func turning(_ size: Size) -> Size {
        swapsAxes ? Size(width: size.height, height: size.width) : size
    }

    /// Turns a point in normalised 0...1 coordinates (y down) clockwise about the centre.
    public func turning(normalised point: Point) -> Point {
        switch self {
        case .none: point
        case .clockwise90: Point(x: 1 - point.y, y: point.x)
        case .clockwise180: Point(x: 1 - point.x, y: 1 - point.y)
        case .clockwise270: Point(x: point.y, y: 1 - point.x)
        }
    }
}
