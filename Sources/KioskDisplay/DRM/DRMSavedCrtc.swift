import CDRM

/// A CRTC's configuration as found at start, to restore on close.
struct DRMSavedCrtc {
    var crtcID: UInt32
    var framebufferID: UInt32
    var x: UInt32
    var y: UInt32
    /// The kernel's own mode record; nil when the CRTC was off.
    var mode: drmModeModeInfo?
}
