/// A page flip completing at a vblank.
struct DRMFlipEvent: Equatable {
    var sequence: UInt32
    /// CLOCK_MONOTONIC seconds of the vblank the flip completed on.
    var timestamp: Double
}
