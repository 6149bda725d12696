/// One finger's state change, in display pixels, as the gesture code sees it.
public struct TouchEvent: Hashable, Sendable {
    public enum Phase: String, Hashable, Sendable {
        case began, moved, ended
        /// The touch ended without a decision: its device vanished or the kernel dropped events.
        case cancelled
    }

    /// Stable for the life of one touch (the kernel's tracking id or slot).
    public var id: Int
    public var phase: Phase
    public var location: Point
    /// Seconds on the input clock (the kernel's event timestamp, or the virtual clock).
    public var time: Double

    public init(id: Int, phase: Phase, location: Point, time: Double) {
        self.id = id
        self.phase = phase
        self.location = location
        self.time = time
    }
}
