/// A writeback connector that can take what an output's CRTC scans out (its planes as the display
/// controller blends them) into a buffer in memory: vkms's with `enable_writeback=1`, Mali-DP's,
/// R-Car DU's. Its property ids are looked up once.
struct DRMWriteback: Equatable {
    var connectorID: UInt32
    var name: String
    var crtcIDProperty: UInt32
    var framebufferProperty: UInt32
    var outFenceProperty: UInt32
    /// The CRTC it is on now; routing it to another takes a mode set.
    var attachedCrtcID: UInt32

    /// The first writeback connector CRTC `crtcIndex` can feed beside `panel` (its encoder may
    /// share the CRTC with the panel's) that writes XRGB8888 (what a dumb buffer holds); the reason
    /// there is none otherwise. Turns the writeback client cap on.
    static func lookUp(on device: DRMDevice, crtcIndex: Int, panel: DRMConnectorInfo) -> Result<DRMWriteback, LookUpFailure> {
        guard device.enableWritebackConnectors() else { return .failure(.noCapability) }
        var reasons: [String] = []
        do {
            let resources = try device.resources()
            // possible_clones masks count encoders in the kernel's order.
            let panelEncoders = (panel.encoderID != 0 ? [panel.encoderID] : panel.possibleEncoderIDs)
                .compactMap { resources.encoderIDs.firstIndex(of: $0) }
                .reduce(UInt32(0)) { $0 | 1 << UInt32($1) }
            for id in resources.connectorIDs {
                let connector = try device.connector(id)
                guard connector.isWriteback else { continue }
                let encoders = try connector.possibleEncoderIDs.map(device.encoder)
                let crtcs = encoders.reduce(UInt32(0)) { $0 | $1.possibleCrtcs }
                guard crtcs & (1 << UInt32(crtcIndex)) != 0 else {
                    reasons.append("\(connector.name) cannot take CRTC index \(crtcIndex)")
                    continue
                }
                guard encoders.contains(where: { $0.possibleClones & panelEncoders != 0 }) else {
                    reasons.append("the driver lets \(connector.name) share no CRTC with \(panel.name) (its encoder clones no other)")
                    continue
                }
                let properties = try device.properties(of: id, type: .connector)
                func property(_ name: String) -> DRMProperty? { properties.first { $0.name == name } }
                guard let crtc = property("CRTC_ID"), let framebuffer = property("WRITEBACK_FB_ID"),
                      let fence = property("WRITEBACK_OUT_FENCE_PTR"), let formats = property("WRITEBACK_PIXEL_FORMATS") else {
                    reasons.append("\(connector.name) lacks the writeback properties")
                    continue
                }
                let codes = try device.propertyBlob(UInt32(formats.value)).withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
                guard codes.contains(DRMFormat.xrgb8888.code) else {
                    reasons.append("\(connector.name) writes \(codes.map { DRMFormat(code: $0).description }.joined(separator: ", ")), not XR24")
                    continue
                }
                return .success(DRMWriteback(connectorID: id, name: connector.name, crtcIDProperty: crtc.id,
                                             framebufferProperty: framebuffer.id, outFenceProperty: fence.id,
                                             attachedCrtcID: UInt32(truncatingIfNeeded: crtc.value)))
            }
        } catch {
            return .failure(.unreadable("\(error)"))
        }
        return .failure(reasons.isEmpty ? .none : .unsuitable(reasons.joined(separator: "; ")))
    }

    /// Why a card offers no writeback for a CRTC, as the log says it.
    enum LookUpFailure: Error, Equatable, CustomStringConvertible {
        case noCapability
        case none
        case unsuitable(String)
        case unreadable(String)

        var description: String {
            switch self {
            case .noCapability: "the driver does not list writeback connectors (no atomic modesetting, or a kernel before 4.19)"
            case .none: "the card has no writeback connector"
            case .unsuitable(let reasons): reasons
            case .unreadable(let error): "reading the writeback connectors failed: \(error)"
            }
        }
    }

    /// Writes CRTC `crtcID`'s next frame into `framebufferID`: commit with `outFence` on this
    /// connector's WRITEBACK_OUT_FENCE_PTR, and `.allowModeset` unless it is attached already.
    func capture(crtcID: UInt32, framebufferID: UInt32) -> DRMAtomicRequest {
        var request = DRMAtomicRequest()
        request.set(connectorID, crtcIDProperty, UInt64(crtcID))
        request.set(connectorID, framebufferProperty, UInt64(framebufferID))
        return request
    }

    /// Where the kernel puts the capture's sync file.
    var outFence: (objectID: UInt32, propertyID: UInt32) { (connectorID, outFenceProperty) }
}
