/// A page flip completing at a vblank.
struct DRMFlipEvent: Equatable {
    var sequence: UInt32
    /// CLOCK_MONOTONIC seconds of the vblank the flip completed on.
    var timestamp: Double
    /// The CRTC whose flip completed (page_flip_handler2); 0 where the kernel does not say.
    var crtcID: UInt32 = 0
}
