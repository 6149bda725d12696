/// The legacy calls: drmModeSetCrtc, drmModePageFlip and the connector's DPMS property.
final class LegacyKernelInterface: DRMKernelInterface {
    private let device: DRMDevice

    init(device: DRMDevice) {
        self.device = device
    }

    var atomic: DRMAtomicOutput? { nil }
    var powerChangeWaitsForFlip: Bool { false }

    func setMode(_ output: DRMOutput, framebufferID: UInt32, blanked: Bool) throws {
        try device.setCrtc(output.crtcID, framebufferID: framebufferID, connectorID: output.connector.id, mode: output.mode)
        if blanked, let property = output.connector.dpmsPropertyID {
            // Plugged in while the panel is dark: it stays dark until woken.
            try? device.setConnectorProperty(connectorID: output.connector.id, propertyID: property, value: Self.dpmsOff)
        }
    }

    func flip(_ output: DRMOutput, framebufferID: UInt32, request: DRMAtomicRequest?) throws {
        try device.pageFlip(output.crtcID, framebufferID: framebufferID)
    }

    func supportsPowerSaving(_ output: DRMOutput?) -> Bool {
        output.map { $0.connector.dpmsPropertyID != nil } ?? true
    }

    func setPower(on: Bool, output: DRMOutput, log: (String) -> Void) throws -> Bool {
        guard let property = output.connector.dpmsPropertyID else {
            log("\(output.connector.name) has no DPMS property; the panel stays lit")
            return false
        }
        try device.setConnectorProperty(connectorID: output.connector.id, propertyID: property, value: on ? Self.dpmsOn : Self.dpmsOff)
        return true
    }

    func release() {}

    /// DRM_MODE_DPMS_ON and DRM_MODE_DPMS_OFF.
    private static let dpmsOn: UInt64 = 0
    private static let dpmsOff: UInt64 = 3
}
