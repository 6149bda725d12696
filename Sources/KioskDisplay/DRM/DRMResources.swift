/// The CRTCs and connectors a card has, by kernel object id.
struct DRMResources: Equatable {
    var crtcIDs: [UInt32]
    var connectorIDs: [UInt32]
    /// In the kernel's order, which encoders' `possibleClones` masks address them by.
    var encoderIDs: [UInt32] = []
}
