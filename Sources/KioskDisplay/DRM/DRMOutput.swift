import KioskOptions

/// The connector, mode and CRTC a DRM display drives, chosen from what the card reports.
struct DRMOutput: Equatable {
    var connector: DRMConnectorInfo
    var mode: DisplayMode
    var crtcID: UInt32
    /// The CRTC's position in the resources, which vblank queries address it by.
    var crtcIndex: Int

    /// What other outputs of the same card hold, so a second output never takes them.
    struct Claims: Equatable {
        var connectorIDs: Set<UInt32> = []
        var crtcIDs: Set<UInt32> = []
    }

    /// The connector name that means any connected connector no other output holds.
    static let anyOtherConnector = "*"

    /// Picks the connector named `connectorName` (or the first connected one not in `claims`;
    /// `"*"` is the same), the mode matching `modeRequest` (or the preferred one) and a CRTC that
    /// can drive it and is not in `claims`, the one already lit first.
    static func choose(on device: DRMDevice, connectorName: String?, modeRequest: ModeRequest?,
                       claims: Claims = Claims()) throws -> DRMOutput {
        let resources = try device.resources()
        // Writeback connectors (listed once the display asks for them) take no panel.
        let connectors = try resources.connectorIDs.map { try device.connector($0) }.filter { !$0.isWriteback }
        let names = connectors.map { connector in
            "\(connector.name) (\(claims.connectorIDs.contains(connector.id) ? "used by another output" : connector.isConnected ? "connected" : "disconnected"))"
        }
        let connector: DRMConnectorInfo
        if let connectorName, connectorName != anyOtherConnector {
            guard let named = connectors.first(where: { $0.name.lowercased() == connectorName.lowercased() }) else {
                throw DisplayError.connectorNotFound(card: device.path, name: connectorName, available: names)
            }
            guard !claims.connectorIDs.contains(named.id) else {
                throw DisplayError.invalidOption("\(named.name) on \(device.path) is already shown by another output; name another connector, or \"*\" for any other")
            }
            guard named.isConnected, !named.modes.isEmpty else {
                throw DisplayError.noConnectedConnector(card: device.path, available: names)
            }
            connector = named
        } else {
            guard let first = connectors.first(where: { $0.isConnected && !$0.modes.isEmpty && !claims.connectorIDs.contains($0.id) }) else {
                throw DisplayError.noConnectedConnector(card: device.path, available: names)
            }
            connector = first
        }
        let chosenMode = modeRequest.map { $0.bestMatch(in: connector.modes) } ?? ModeRequest.defaultMode(in: connector.modes)
        guard let mode = chosenMode else {
            throw DisplayError.modeNotAvailable(
                connector: connector.name, requested: modeRequest?.description ?? "preferred",
                available: connector.modes.map(\.description))
        }
        let (crtcID, crtcIndex) = try chooseCrtc(for: connector, resources: resources, device: device, busy: claims.crtcIDs)
        return DRMOutput(connector: connector, mode: mode, crtcID: crtcID, crtcIndex: crtcIndex)
    }

    /// Where a frame of `width` x `height` goes in this output's mode: centred, so a panel of
    /// another size than the screens were laid out for shows them whole (black around) or their
    /// middle (cropped). The frame's pixel (x, y) lands on (x + offset.x, y + offset.y).
    func offset(ofFrameWidth width: Int, height: Int) -> (x: Int, y: Int) {
        ((mode.width - width) / 2, (mode.height - height) / 2)
    }

    private static func chooseCrtc(
        for connector: DRMConnectorInfo, resources: DRMResources, device: DRMDevice, busy: Set<UInt32>
    ) throws -> (UInt32, Int) {
        if connector.encoderID != 0, let current = try? device.encoder(connector.encoderID), current.crtcID != 0,
           !busy.contains(current.crtcID), let index = resources.crtcIDs.firstIndex(of: current.crtcID) {
            return (current.crtcID, index)
        }
        for encoderID in connector.possibleEncoderIDs {
            guard let encoder = try? device.encoder(encoderID) else { continue }
            for (index, crtcID) in resources.crtcIDs.enumerated()
            where encoder.possibleCrtcs & (1 << UInt32(index)) != 0 && !busy.contains(crtcID) {
                return (crtcID, index)
            }
        }
        throw DisplayError.deviceUnavailable(path: device.path, reason: "no CRTC can drive \(connector.name)" + (busy.isEmpty ? "" : " that another output does not use"))
    }
}

