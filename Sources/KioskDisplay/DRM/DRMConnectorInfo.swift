/// A connector as plain data: its name parts, whether a panel is attached and what it can show.
struct DRMConnectorInfo: Equatable {
    var id: UInt32
    var type: UInt32
    var typeID: UInt32
    var isConnected: Bool
    var modes: [DisplayMode]
    /// The encoder driving it now; 0 if none.
    var encoderID: UInt32
    var possibleEncoderIDs: [UInt32]
    var dpmsPropertyID: UInt32?

    var name: String { ConnectorName.name(type: type, typeID: typeID) }
    /// DRM_MODE_CONNECTOR_WRITEBACK: memory a CRTC's output is written to, not a panel.
    static let writebackType: UInt32 = 18
    var isWriteback: Bool { type == Self.writebackType }
}
