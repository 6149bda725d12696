/// One vsync: when the frame was (or will be) shown, and how long until the next one.
public struct FrameTick: Hashable, Sendable {
    /// Seconds on the same clock as touch timestamps (CLOCK_MONOTONIC on a device).
    public var timestamp: Double
    /// Increases by one per refresh; a jump of more than one means frames were missed.
    public var sequence: UInt64
    /// The refresh period, 1/60 s at 60 Hz: CADisplayLink's `duration`.
    public var duration: Double

    public init(timestamp: Double, sequence: UInt64, duration: Double) {
        self.timestamp = timestamp
        self.sequence = sequence
        self.duration = duration
    }
}
