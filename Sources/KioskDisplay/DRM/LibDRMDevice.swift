import CDRM
import Glibc

/// A DRM card opened through libdrm: the real side of the `DRMDevice` seam.
final class LibDRMDevice: DRMDevice {
    let path: String
    let fileDescriptor: Int32
    private let flipEvents = FlipEventSink()

    init(path: String) throws {
        let descriptor = open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw DisplayError.systemCall("open", device: path, errno: errno) }
        self.path = path
        fileDescriptor = descriptor
    }

    deinit { Glibc.close(fileDescriptor) }

    func resources() throws -> DRMResources {
        guard let resources = drmModeGetResources(fileDescriptor) else {
            // ENOTSUP/EINVAL here mean a render-only or non-KMS node.
            throw DisplayError.systemCall("drmModeGetResources (is this a KMS card?)", device: path, errno: errno)
        }
        defer { drmModeFreeResources(resources) }
        let res = resources.pointee
        return DRMResources(
            crtcIDs: Array(UnsafeBufferPointer(start: res.crtcs, count: Int(res.count_crtcs))),
            connectorIDs: Array(UnsafeBufferPointer(start: res.connectors, count: Int(res.count_connectors))),
            encoderIDs: Array(UnsafeBufferPointer(start: res.encoders, count: Int(res.count_encoders)))
        )
    }

    func connector(_ id: UInt32) throws -> DRMConnectorInfo {
        guard let connector = drmModeGetConnector(fileDescriptor, id) else {
            throw DisplayError.systemCall("drmModeGetConnector(\(id))", device: path, errno: errno)
        }
        defer { drmModeFreeConnector(connector) }
        let info = connector.pointee
        let rawModes = UnsafeBufferPointer(start: info.modes, count: Int(info.count_modes))
        let modes = rawModes.enumerated().map { index, mode in Self.displayMode(mode, index: index) }
        return DRMConnectorInfo(
            id: info.connector_id,
            type: info.connector_type,
            typeID: info.connector_type_id,
            isConnected: info.connection == DRM_MODE_CONNECTED,
            modes: modes,
            encoderID: info.encoder_id,
            possibleEncoderIDs: Array(UnsafeBufferPointer(start: info.encoders, count: Int(info.count_encoders))),
            dpmsPropertyID: propertyID(named: "DPMS", in: info)
        )
    }

    func encoder(_ id: UInt32) throws -> DRMEncoderInfo {
        guard let encoder = drmModeGetEncoder(fileDescriptor, id) else {
            throw DisplayError.systemCall("drmModeGetEncoder(\(id))", device: path, errno: errno)
        }
        defer { drmModeFreeEncoder(encoder) }
        return DRMEncoderInfo(id: id, crtcID: encoder.pointee.crtc_id, possibleCrtcs: encoder.pointee.possible_crtcs,
                              possibleClones: encoder.pointee.possible_clones)
    }

    func saveCrtc(_ id: UInt32) -> DRMSavedCrtc? {
        guard let crtc = drmModeGetCrtc(fileDescriptor, id) else { return nil }
        defer { drmModeFreeCrtc(crtc) }
        let state = crtc.pointee
        return DRMSavedCrtc(
            crtcID: id, framebufferID: state.buffer_id, x: state.x, y: state.y,
            mode: state.mode_valid != 0 ? state.mode : nil
        )
    }

    func restoreCrtc(_ saved: DRMSavedCrtc, connectorID: UInt32) {
        var connector = connectorID
        if var mode = saved.mode, saved.framebufferID != 0 {
            _ = drmModeSetCrtc(fileDescriptor, saved.crtcID, saved.framebufferID, saved.x, saved.y, &connector, 1, &mode)
        } else {
            _ = drmModeSetCrtc(fileDescriptor, saved.crtcID, 0, 0, 0, nil, 0, nil)
        }
    }

    func createDumbBuffer(width: Int, height: Int, format: DRMFormat) throws -> DRMDumbBuffer {
        precondition(format == .xrgb8888 || format == .argb8888, "dumb buffers are XR24 or AR24")
        var handle: UInt32 = 0, pitch: UInt32 = 0, size: UInt64 = 0
        guard drmModeCreateDumbBuffer(fileDescriptor, UInt32(width), UInt32(height), 32, 0, &handle, &pitch, &size) == 0 else {
            throw DisplayError.systemCall("drmModeCreateDumbBuffer(\(width)x\(height))", device: path, errno: errno)
        }
        var framebufferID: UInt32 = 0
        // Depth 32 at 32 bpp is ARGB8888 to drmModeAddFB, depth 24 XRGB8888.
        let depth: UInt8 = format == .argb8888 ? 32 : 24
        guard drmModeAddFB(fileDescriptor, UInt32(width), UInt32(height), depth, 32, pitch, handle, &framebufferID) == 0 else {
            let code = errno
            _ = drmModeDestroyDumbBuffer(fileDescriptor, handle)
            throw DisplayError.systemCall("drmModeAddFB (\(format))", device: path, errno: code)
        }
        var offset: UInt64 = 0
        let mapped: UnsafeMutableRawPointer?
        if drmModeMapDumbBuffer(fileDescriptor, handle, &offset) == 0 {
            mapped = mmap(nil, Int(size), PROT_READ | PROT_WRITE, MAP_SHARED, fileDescriptor, off_t(offset))
        } else {
            mapped = MAP_FAILED
        }
        guard let pixels = mapped, pixels != MAP_FAILED else {
            let code = errno
            _ = drmModeRmFB(fileDescriptor, framebufferID)
            _ = drmModeDestroyDumbBuffer(fileDescriptor, handle)
            throw DisplayError.systemCall("mapping a dumb buffer", device: path, errno: code)
        }
        memset(pixels, 0, Int(size))
        return DRMDumbBuffer(handle: handle, framebufferID: framebufferID, pitch: Int(pitch), byteCount: Int(size), pixels: pixels)
    }

    func destroyDumbBuffer(_ buffer: DRMDumbBuffer) {
        munmap(buffer.pixels, buffer.byteCount)
        _ = drmModeRmFB(fileDescriptor, buffer.framebufferID)
        _ = drmModeDestroyDumbBuffer(fileDescriptor, buffer.handle)
    }

    func importFramebuffer(dmabuf: Int32, width: Int, height: Int, format: DRMFormat, pitch: Int) throws -> DRMImportedFramebuffer {
        var handle: UInt32 = 0
        guard drmPrimeFDToHandle(fileDescriptor, dmabuf, &handle) == 0 else {
            throw DisplayError.systemCall("drmPrimeFDToHandle", device: path, errno: errno)
        }
        // NV12's chroma plane follows its luma plane in the same buffer, at the same pitch.
        let isNV12 = format == .nv12
        let handles: [UInt32] = [handle, isNV12 ? handle : 0, 0, 0]
        let pitches: [UInt32] = [UInt32(pitch), isNV12 ? UInt32(pitch) : 0, 0, 0]
        let offsets: [UInt32] = [0, isNV12 ? UInt32(pitch * height) : 0, 0, 0]
        var framebufferID: UInt32 = 0
        // DRM_FORMAT_MOD_LINEAR: V4L2 buffers are plain rows. Drivers without modifiers take AddFB2 alone.
        let modifiers: [UInt64] = [0, 0, 0, 0]
        var result = drmModeAddFB2WithModifiers(fileDescriptor, UInt32(width), UInt32(height), format.code, handles, pitches, offsets,
                                                modifiers, &framebufferID, UInt32(DRM_MODE_FB_MODIFIERS))
        if result != 0 {
            result = drmModeAddFB2(fileDescriptor, UInt32(width), UInt32(height), format.code, handles, pitches, offsets, &framebufferID, 0)
        }
        guard result == 0 else {
            let code = errno
            _ = drmCloseBufferHandle(fileDescriptor, handle)
            throw DisplayError.systemCall("drmModeAddFB2 (\(width)x\(height) \(format), pitch \(pitch))", device: path, errno: code)
        }
        return DRMImportedFramebuffer(handle: handle, framebufferID: framebufferID)
    }

    func removeImportedFramebuffer(_ framebuffer: DRMImportedFramebuffer) {
        _ = drmModeRmFB(fileDescriptor, framebuffer.framebufferID)
        _ = drmCloseBufferHandle(fileDescriptor, framebuffer.handle)
    }

    func acquireMaster() {
        _ = drmSetMaster(fileDescriptor)
    }

    func setCrtc(_ crtcID: UInt32, framebufferID: UInt32, connectorID: UInt32, mode: DisplayMode) throws {
        var raw = try rawMode(mode, connectorID: connectorID)
        var connectorIDs = [connectorID]
        guard drmModeSetCrtc(fileDescriptor, crtcID, framebufferID, 0, 0, &connectorIDs, 1, &raw) == 0 else {
            throw DisplayError.systemCall("drmModeSetCrtc", device: path, errno: errno)
        }
    }

    /// The kernel's record of `mode` in the connector's current mode list.
    private func rawMode(_ mode: DisplayMode, connectorID: UInt32) throws -> drmModeModeInfo {
        guard let connector = drmModeGetConnector(fileDescriptor, connectorID) else {
            throw DisplayError.systemCall("drmModeGetConnector(\(connectorID))", device: path, errno: errno)
        }
        defer { drmModeFreeConnector(connector) }
        let rawModes = UnsafeBufferPointer(start: connector.pointee.modes, count: Int(connector.pointee.count_modes))
        let matches = { (raw: drmModeModeInfo, index: Int) in
            let candidate = Self.displayMode(raw, index: index)
            return candidate.width == mode.width && candidate.height == mode.height
                && candidate.roundedRefreshRate == mode.roundedRefreshRate
        }
        // The mode list can change across a hot-plug; prefer the same index, else any equal mode.
        let index = mode.index < rawModes.count && matches(rawModes[mode.index], mode.index)
            ? mode.index
            : rawModes.indices.first { matches(rawModes[$0], $0) }
        guard let index else {
            throw DisplayError.modeNotAvailable(connector: "connector \(connectorID)", requested: mode.description, available: [])
        }
        return rawModes[index]
    }
    func pageFlip(_ crtcID: UInt32, framebufferID: UInt32) throws {
        let sink = Unmanaged.passUnretained(flipEvents).toOpaque()
        guard drmModePageFlip(fileDescriptor, crtcID, framebufferID, UInt32(DRM_MODE_PAGE_FLIP_EVENT), sink) == 0 else {
            throw DisplayError.systemCall("drmModePageFlip", device: path, errno: errno)
        }
    }

    func readFlipEvents() throws -> [DRMFlipEvent] {
        var context = drmEventContext()
        // Version 3 calls page_flip_handler2, which says the CRTC: several outputs share this descriptor.
        context.version = 3
        context.page_flip_handler2 = { _, sequence, seconds, microseconds, crtcID, userData in
            guard let userData else { return }
            let sink = Unmanaged<FlipEventSink>.fromOpaque(userData).takeUnretainedValue()
            sink.events.append(DRMFlipEvent(sequence: sequence, timestamp: Double(seconds) + Double(microseconds) / 1e6,
                                            crtcID: crtcID))
        }
        if drmHandleEvent(fileDescriptor, &context) != 0 && errno != EAGAIN {
            throw DisplayError.systemCall("reading DRM events", device: path, errno: errno)
        }
        defer { flipEvents.events.removeAll() }
        return flipEvents.events
    }

    func waitForFlipEvents() throws -> [DRMFlipEvent] {
        var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&descriptor, 1, 1000)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return [] }
            let events = try readFlipEvents()
            if !events.isEmpty { return events }
        }
    }

    func supportsVblankQueries(crtcIndex: Int) -> Bool {
        var request = drmVBlank()
        var type = DRM_VBLANK_RELATIVE.rawValue
        if crtcIndex == 1 {
            type |= DRM_VBLANK_SECONDARY.rawValue
        } else if crtcIndex > 1 {
            type |= (UInt32(crtcIndex) << 1) & 0x3e  // DRM_VBLANK_HIGH_CRTC_MASK
        }
        request.request.type = drmVBlankSeqType(rawValue: type)
        request.request.sequence = 0
        return drmWaitVBlank(fileDescriptor, &request) == 0
    }

    func setConnectorProperty(connectorID: UInt32, propertyID: UInt32, value: UInt64) throws {
        guard drmModeConnectorSetProperty(fileDescriptor, connectorID, propertyID, value) == 0 else {
            throw DisplayError.systemCall("drmModeConnectorSetProperty", device: path, errno: errno)
        }
    }

    func enableAtomic() -> Bool {
        drmSetClientCap(fileDescriptor, UInt64(DRM_CLIENT_CAP_UNIVERSAL_PLANES), 1) == 0
            && drmSetClientCap(fileDescriptor, UInt64(DRM_CLIENT_CAP_ATOMIC), 1) == 0
    }

    func planes() throws -> [DRMPlaneInfo] {
        // Without the cap the kernel lists overlay planes only (list-devices never enables atomic).
        _ = drmSetClientCap(fileDescriptor, UInt64(DRM_CLIENT_CAP_UNIVERSAL_PLANES), 1)
        guard let resources = drmModeGetPlaneResources(fileDescriptor) else {
            throw DisplayError.systemCall("drmModeGetPlaneResources", device: path, errno: errno)
        }
        defer { drmModeFreePlaneResources(resources) }
        let ids = Array(UnsafeBufferPointer(start: resources.pointee.planes, count: Int(resources.pointee.count_planes)))
        return ids.compactMap { id in
            guard let plane = drmModeGetPlane(fileDescriptor, id) else { return nil }
            defer { drmModeFreePlane(plane) }
            let info = plane.pointee
            let values = Dictionary(((try? properties(of: id, type: .plane)) ?? []).map { ($0.name, $0.value) }) { first, _ in first }
            return DRMPlaneInfo(
                // A driver without the "type" property predates universal planes: all it lists are overlays.
                id: id, kind: values["type"].flatMap(DRMPlaneKind.init(propertyValue:)) ?? .overlay,
                possibleCrtcs: info.possible_crtcs,
                formats: UnsafeBufferPointer(start: info.formats, count: Int(info.count_formats)).map(DRMFormat.init(code:)),
                zpos: values["zpos"], crtcID: info.crtc_id, framebufferID: info.fb_id)
        }
    }

    func properties(of objectID: UInt32, type: DRMObjectType) throws -> [DRMProperty] {
        guard let list = drmModeObjectGetProperties(fileDescriptor, objectID, type.rawValue) else {
            throw DisplayError.systemCall("drmModeObjectGetProperties(\(objectID))", device: path, errno: errno)
        }
        defer { drmModeFreeObjectProperties(list) }
        return (0..<Int(list.pointee.count_props)).compactMap { index in
            let id = list.pointee.props[index]
            guard let property = drmModeGetProperty(fileDescriptor, id) else { return nil }
            defer { drmModeFreeProperty(property) }
            return DRMProperty(id: id, name: Self.name(of: property.pointee), value: list.pointee.prop_values[index])
        }
    }

    func createModeBlob(_ mode: DisplayMode, connectorID: UInt32) throws -> UInt32 {
        var raw = try rawMode(mode, connectorID: connectorID)
        var id: UInt32 = 0
        guard drmModeCreatePropertyBlob(fileDescriptor, &raw, MemoryLayout<drmModeModeInfo>.size, &id) == 0 else {
            throw DisplayError.systemCall("drmModeCreatePropertyBlob (mode \(mode))", device: path, errno: errno)
        }
        return id
    }

    func destroyBlob(_ id: UInt32) {
        _ = drmModeDestroyPropertyBlob(fileDescriptor, id)
    }

    func commit(_ request: DRMAtomicRequest, flags: DRMCommitFlags) throws {
        try commit(request, flags: flags, extra: nil)
    }

    func enableWritebackConnectors() -> Bool {
        drmSetClientCap(fileDescriptor, UInt64(DRM_CLIENT_CAP_WRITEBACK_CONNECTORS), 1) == 0
    }

    func propertyBlob(_ id: UInt32) throws -> [UInt8] {
        guard let blob = drmModeGetPropertyBlob(fileDescriptor, id) else {
            throw DisplayError.systemCall("drmModeGetPropertyBlob(\(id))", device: path, errno: errno)
        }
        defer { drmModeFreePropertyBlob(blob) }
        guard let data = blob.pointee.data else { return [] }
        return Array(UnsafeRawBufferPointer(start: data, count: Int(blob.pointee.length)))
    }

    func commit(_ request: DRMAtomicRequest, flags: DRMCommitFlags, outFence: (objectID: UInt32, propertyID: UInt32)) throws -> Int32 {
        // The kernel writes the sync file's descriptor here during the ioctl.
        var fence: Int32 = -1
        try withUnsafeMutablePointer(to: &fence) { pointer in
            let address = UInt64(UInt(bitPattern: pointer))
            try commit(request, flags: flags, extra: DRMAtomicProperty(objectID: outFence.objectID, propertyID: outFence.propertyID, value: address))
        }
        return fence
    }

    private func commit(_ request: DRMAtomicRequest, flags: DRMCommitFlags, extra: DRMAtomicProperty?) throws {
        guard let atomic = drmModeAtomicAlloc() else {
            throw DisplayError.systemCall("drmModeAtomicAlloc", device: path, errno: ENOMEM)
        }
        defer { drmModeAtomicFree(atomic) }
        for write in request.properties + (extra.map { [$0] } ?? []) {
            // It returns -errno itself rather than setting errno.
            let result = drmModeAtomicAddProperty(atomic, write.objectID, write.propertyID, write.value)
            guard result >= 0 else {
                throw DisplayError.systemCall("drmModeAtomicAddProperty(\(write.objectID), \(write.propertyID))", device: path, errno: -result)
            }
        }
        let sink = Unmanaged.passUnretained(flipEvents).toOpaque()
        guard drmModeAtomicCommit(fileDescriptor, atomic, flags.rawValue, sink) == 0 else {
            throw DisplayError.systemCall(flags.contains(.testOnly) ? "drmModeAtomicCommit (test only)" : "drmModeAtomicCommit",
                                          device: path, errno: errno)
        }
    }

    private static func name(of property: drmModePropertyRes) -> String {
        withUnsafeBytes(of: property.name) { bytes in String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self) }
    }

    private func propertyID(named name: String, in connector: drmModeConnector) -> UInt32? {
        for index in 0..<Int(connector.count_props) {
            let id = connector.props[index]
            guard let property = drmModeGetProperty(fileDescriptor, id) else { continue }
            defer { drmModeFreeProperty(property) }
            if Self.name(of: property.pointee) == name { return id }
        }
        return nil
    }

    /// The kernel's mode record as plain data, with the exact refresh rate from its timings.
    static func displayMode(_ raw: drmModeModeInfo, index: Int) -> DisplayMode {
        var rate = Double(raw.vrefresh)
        if raw.htotal > 0 && raw.vtotal > 0 {
            rate = Double(raw.clock) * 1000 / (Double(raw.htotal) * Double(raw.vtotal))
            if raw.flags & UInt32(DRM_MODE_FLAG_INTERLACE) != 0 { rate *= 2 }
            if raw.flags & UInt32(DRM_MODE_FLAG_DBLSCAN) != 0 { rate /= 2 }
            if raw.vscan > 1 { rate /= Double(raw.vscan) }
        }
        return DisplayMode(
            width: Int(raw.hdisplay), height: Int(raw.vdisplay), refreshRate: rate,
            isPreferred: raw.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0, index: index
        )
    }
}
