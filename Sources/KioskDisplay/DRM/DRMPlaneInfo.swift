/// A KMS plane as plain data: what it is, which CRTCs it can feed (bit i is the i-th CRTC of the
/// resources), the formats it scans out, and what it shows now.
public struct DRMPlaneInfo: Equatable, Sendable {
    public var id: UInt32
    public var kind: DRMPlaneKind
    public var possibleCrtcs: UInt32
    public var formats: [DRMFormat]
    /// The "zpos" property where the driver has one (higher is nearer the viewer); nil: the
    /// conventional order (primary at the bottom, overlays above in id order, cursor on top).
    public var zpos: UInt64?
    /// The CRTC and framebuffer it shows now (0: none).
    public var crtcID: UInt32
    public var framebufferID: UInt32

    public init(id: UInt32, kind: DRMPlaneKind = .overlay, possibleCrtcs: UInt32, formats: [DRMFormat], zpos: UInt64? = nil,
                crtcID: UInt32 = 0, framebufferID: UInt32 = 0) {
        self.id = id
        self.kind = kind
        self.possibleCrtcs = possibleCrtcs
        self.formats = formats
        self.zpos = zpos
        self.crtcID = crtcID
        self.framebufferID = framebufferID
    }

    public func canFeed(crtcIndex: Int) -> Bool {
        crtcIndex >= 0 && crtcIndex < 32 && possibleCrtcs & (1 << UInt32(crtcIndex)) != 0
    }
}
