/// An encoder: which CRTC drives it now and which could.
struct DRMEncoderInfo: Equatable {
    var id: UInt32
    /// The CRTC it is attached to now; 0 if none.
    var crtcID: UInt32
    /// Bit i set: the i-th CRTC of the resources can drive it.
    var possibleCrtcs: UInt32
    /// Bit i set: this encoder can share a CRTC with the i-th encoder of the resources (itself included).
    var possibleClones: UInt32 = 0
}
