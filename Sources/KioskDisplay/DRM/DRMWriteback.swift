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

    /// A writeback connector as the card lists it: what `lookUp` chooses from and `list-devices` shows.
    struct Candidate: Equatable {
        var connector: DRMConnectorInfo
        /// Bit i: the i-th CRTC can feed it.
        var crtcMask: UInt32
        /// Bit i: its encoder can share a CRTC with the i-th encoder (possible_clones).
        var cloneMask: UInt32
        var formats: [DRMFormat]
        var properties: [DRMProperty]
    }

    /// The card's writeback connectors, with the resources they were listed from; nil where the
    /// driver lists none to anyone (no atomic modesetting on this descriptor, or a kernel before
    /// 4.19). Turns the writeback client cap on.
    static func candidates(on device: DRMDevice) throws -> (resources: DRMResources, writebacks: [Candidate])? {
        guard device.enableWritebackConnectors() else { return nil }
        let resources = try device.resources()
        var writebacks: [Candidate] = []
        for id in resources.connectorIDs {
            let connector = try device.connector(id)
            guard connector.isWriteback else { continue }
            let encoders = try connector.possibleEncoderIDs.map(device.encoder)
            let properties = try device.properties(of: id, type: .connector)
            let formats = try properties.first { $0.name == "WRITEBACK_PIXEL_FORMATS" }
                .map { try device.propertyBlob(UInt32($0.value)).withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) } }?
                .map(DRMFormat.init(code:)) ?? []
            writebacks.append(Candidate(connector: connector, crtcMask: encoders.reduce(0) { $0 | $1.possibleCrtcs },
                                        cloneMask: encoders.reduce(0) { $0 | $1.possibleClones },
                                        formats: formats, properties: properties))
        }
        return (resources, writebacks)
    }

    /// The encoders `connector` can be driven by, as a mask in the kernel's encoder order.
    static func encoderMask(of connector: DRMConnectorInfo, in resources: DRMResources) -> UInt32 {
        (connector.encoderID != 0 ? [connector.encoderID] : connector.possibleEncoderIDs)
            .compactMap { resources.encoderIDs.firstIndex(of: $0) }
            .reduce(0) { $0 | 1 << UInt32($1) }
    }

    /// The first writeback connector CRTC `crtcIndex` can feed beside `panel` (its encoder may
    /// share the CRTC with the panel's) that writes XRGB8888 (what a dumb buffer holds); the reason
    /// there is none otherwise. Turns the writeback client cap on.
    static func lookUp(on device: DRMDevice, crtcIndex: Int, panel: DRMConnectorInfo) -> Result<DRMWriteback, LookUpFailure> {
        let listed: (resources: DRMResources, writebacks: [Candidate])
        do {
            guard let found = try candidates(on: device) else { return .failure(.noCapability) }
            listed = found
        } catch {
            return .failure(.unreadable("\(error)"))
        }
        var reasons: [String] = []
        let panelEncoders = encoderMask(of: panel, in: listed.resources)
        for candidate in listed.writebacks {
            let name = candidate.connector.name
            guard candidate.crtcMask & (1 << UInt32(crtcIndex)) != 0 else {
                reasons.append("\(name) cannot take CRTC index \(crtcIndex)")
                continue
            }
            guard candidate.cloneMask & panelEncoders != 0 else {
                reasons.append("the driver lets \(name) share no CRTC with \(panel.name) (its encoder clones no other)")
                continue
            }
            func property(_ name: String) -> DRMProperty? { candidate.properties.first { $0.name == name } }
            guard let crtc = property("CRTC_ID"), let framebuffer = property("WRITEBACK_FB_ID"),
                  let fence = property("WRITEBACK_OUT_FENCE_PTR") else {
                reasons.append("\(name) lacks the writeback properties")
                continue
            }
            guard candidate.formats.contains(.xrgb8888) else {
                reasons.append("\(name) writes \(candidate.formats.map(\.description).joined(separator: ", ")), not XR24")
                continue
            }
            return .success(DRMWriteback(connectorID: candidate.connector.id, name: name, crtcIDProperty: crtc.id,
                                         framebufferProperty: framebuffer.id, outFenceProperty: fence.id,
                                         attachedCrtcID: UInt32(truncatingIfNeeded: crtc.value)))
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
