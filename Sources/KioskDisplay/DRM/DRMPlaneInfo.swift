/// A KMS plane as plain data: what it is, which CRTCs it can feed and which formats it scans out.
public struct DRMPlaneInfo: Equatable, Sendable {
    public var id: UInt32
    public var kind: DRMPlaneKind
    /// Bit N set: the plane can feed the CRTC at index N of the card's CRTC list.
    public var possibleCrtcs: UInt32
    public var formats: [DRMFormat]
    /// The "zpos" property where the driver has one (higher is nearer the viewer); nil: the
    /// conventional order (primary at the bottom, overlays above in id order, cursor on top).
    public var zpos: UInt64?

    public init(id: UInt32, kind: DRMPlaneKind, possibleCrtcs: UInt32, formats: [DRMFormat], zpos: UInt64? = nil) {
        self.id = id
        self.kind = kind
        self.possibleCrtcs = possibleCrtcs
        self.formats = formats
        self.zpos = zpos
    }

    public func canFeed(crtcIndex: Int) -> Bool {
        crtcIndex >= 0 && crtcIndex < 32 && possibleCrtcs & (1 << UInt32(crtcIndex)) != 0
    }
}
