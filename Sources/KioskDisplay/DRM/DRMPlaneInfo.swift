/// A plane as plain data: which CRTCs it can feed (bit i is the i-th CRTC of the resources),
/// the fourcc formats it scans out, and what it shows now.
struct DRMPlaneInfo: Equatable {
    var id: UInt32
    var possibleCrtcs: UInt32
    var formats: [UInt32]
    var crtcID: UInt32
    var framebufferID: UInt32

    func canFeed(crtcIndex: Int) -> Bool {
        crtcIndex < 32 && possibleCrtcs & (1 << UInt32(crtcIndex)) != 0
    }
}
