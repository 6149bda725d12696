/// The CRTC, connector and primary plane of an output with their property ids, looked up once,
/// and the requests that drive them: the mode set, a frame, the panel going dark and lit again.
struct DRMAtomicOutput: Equatable {
    var crtcID: UInt32
    var connectorID: UInt32
    var primaryPlaneID: UInt32
    var width: Int
    var height: Int
    var crtc: CrtcProperties
    var connector: ConnectorProperties
    var plane: PlaneProperties

    struct CrtcProperties: Equatable {
        var active: UInt32
        var modeID: UInt32
    }

    struct ConnectorProperties: Equatable {
        var crtcID: UInt32
    }

    /// A plane's scan-out properties; SRC_* are 16.16 fixed point, CRTC_* whole pixels.
    struct PlaneProperties: Equatable {
        var framebufferID: UInt32
        var crtcID: UInt32
        var srcX: UInt32, srcY: UInt32, srcW: UInt32, srcH: UInt32
        var crtcX: UInt32, crtcY: UInt32, crtcW: UInt32, crtcH: UInt32

        init(_ ids: [String: UInt32], object: String, device: String) throws {
            func id(_ name: String) throws -> UInt32 {
                guard let found = ids[name] else { throw DRMAtomicOutput.missing("\(name) property", object, device) }
                return found
            }
            framebufferID = try id("FB_ID")
            crtcID = try id("CRTC_ID")
            srcX = try id("SRC_X"); srcY = try id("SRC_Y"); srcW = try id("SRC_W"); srcH = try id("SRC_H")
            crtcX = try id("CRTC_X"); crtcY = try id("CRTC_Y"); crtcW = try id("CRTC_W"); crtcH = try id("CRTC_H")
        }
    }

    /// DRM_PLANE_TYPE_PRIMARY, the value of a plane's "type" property.
    static let primaryPlaneType: UInt64 = 1

    /// Looks up the property ids of `output`'s CRTC and connector and of the primary plane that
    /// can feed its CRTC (the one already on it first, then one on no CRTC); throws naming what the driver lacks.
    static func lookUp(on device: DRMDevice, output: DRMOutput) throws -> DRMAtomicOutput {
        func ids(_ object: UInt32, _ type: DRMObjectType) throws -> [String: UInt32] {
            Dictionary(try device.properties(of: object, type: type).map { ($0.name, $0.id) }) { first, _ in first }
        }
        let crtcIDs = try ids(output.crtcID, .crtc)
        let connectorIDs = try ids(output.connector.id, .connector)
        var primaries: [DRMPlaneInfo] = []
        for plane in try device.planes() where plane.canFeed(crtcIndex: output.crtcIndex) {
            let type = try device.properties(of: plane.id, type: .plane).first { $0.name == "type" }
            if type?.value == primaryPlaneType { primaries.append(plane) }
        }
        // Else a free one: a primary plane on another CRTC may be another output's (several outputs on one card).
        guard let primary = primaries.first(where: { $0.crtcID == output.crtcID })
                ?? primaries.first(where: { $0.crtcID == 0 }) ?? primaries.first else {
            throw missing("primary plane", "CRTC \(output.crtcID)", device.path)
        }
        guard let active = crtcIDs["ACTIVE"], let modeID = crtcIDs["MODE_ID"] else {
            throw missing("ACTIVE/MODE_ID property", "CRTC \(output.crtcID)", device.path)
        }
        guard let connectorCrtc = connectorIDs["CRTC_ID"] else {
            throw missing("CRTC_ID property", "connector \(output.connector.name)", device.path)
        }
        return DRMAtomicOutput(
            crtcID: output.crtcID, connectorID: output.connector.id, primaryPlaneID: primary.id,
            width: output.mode.width, height: output.mode.height,
            crtc: CrtcProperties(active: active, modeID: modeID),
            connector: ConnectorProperties(crtcID: connectorCrtc),
            plane: try PlaneProperties(try ids(primary.id, .plane), object: "plane \(primary.id)", device: device.path))
    }

    private static func missing(_ what: String, _ object: String, _ device: String) -> DisplayError {
        .deviceUnavailable(path: device, reason: "the driver offers atomic modesetting but \(object) has no \(what)")
    }

    /// The primary plane showing `framebufferID` full-screen: the write of every frame.
    func flip(framebufferID: UInt32) -> DRMAtomicRequest {
        var request = DRMAtomicRequest()
        request.set(primaryPlaneID, plane.framebufferID, UInt64(framebufferID))
        return request
    }

    /// Lights the CRTC with mode blob `modeBlobID` on the connector, the primary plane full-screen
    /// on `framebufferID`: commit with `.allowModeset`.
    func modeset(modeBlobID: UInt32, framebufferID: UInt32) -> DRMAtomicRequest {
        var request = DRMAtomicRequest()
        request.set(connectorID, connector.crtcID, UInt64(crtcID))
        request.set(crtcID, crtc.modeID, UInt64(modeBlobID))
        request.set(crtcID, crtc.active, 1)
        request.set(primaryPlaneID, plane.crtcID, UInt64(crtcID))
        request.set(primaryPlaneID, plane.framebufferID, UInt64(framebufferID))
        request.set(primaryPlaneID, plane.srcX, 0)
        request.set(primaryPlaneID, plane.srcY, 0)
        request.set(primaryPlaneID, plane.srcW, UInt64(width) << 16)
        request.set(primaryPlaneID, plane.srcH, UInt64(height) << 16)
        request.set(primaryPlaneID, plane.crtcX, 0)
        request.set(primaryPlaneID, plane.crtcY, 0)
        request.set(primaryPlaneID, plane.crtcW, UInt64(width))
        request.set(primaryPlaneID, plane.crtcH, UInt64(height))
        return request
    }

    /// Darkens the panel (DPMS off as atomic drivers know it) keeping mode, connector and planes,
    /// so lighting it again is `ACTIVE` = 1 alone: commit with `.allowModeset`.
    func power(on: Bool) -> DRMAtomicRequest {
        var request = DRMAtomicRequest()
        request.set(crtcID, crtc.active, on ? 1 : 0)
        return request
    }
}
