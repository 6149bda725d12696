import Glibc
@testable import KioskDisplay

/// A card in memory: connectors, encoders and CRTCs as data, buffers in heap memory, flips queued
/// until the test completes them.
final class FakeDRMDevice: DRMDevice {
    let path = "/dev/dri/card9"
    /// A real descriptor, never readable, so the display can list it and a daemon's loop watch it.
    let fileDescriptor: Int32
    private let pipeWriteEnd: Int32
    var connectors: [DRMConnectorInfo]
    var encoders: [DRMEncoderInfo]
    var crtcIDs: [UInt32] = [40, 41]
    var vblankSupported = true
    /// errno that setCrtc / pageFlip fail with, if set.
    var setCrtcError: Int32?
    var pageFlipError: Int32?
    /// The event `waitForFlipEvents` hands back: a flip done at this time with this sequence.
    var waitResult = DRMFlipEvent(sequence: 0, timestamp: 0)
    /// Whether the card takes DRM_CLIENT_CAP_ATOMIC; off by default, so the legacy tests run the legacy path.
    var atomicSupported = false
    /// errno that non-test atomic commits fail with, if set; `testOnlyError` for `.testOnly` ones.
    var commitError: Int32?
    var testOnlyError: Int32?
    /// The atomic commits made, in order, with their flags.
    private(set) var commits: [(request: DRMAtomicRequest, flags: DRMCommitFlags)] = []
    private(set) var createdBlobs: [UInt32] = []
    /// True once the display asked for the atomic client cap.
    private(set) var atomicAsked = false
    /// With `flipDelay` set, `deliverDueFlips()` completes a flip that long after it was queued, at `now()`.
    var flipDelay: Double?
    var now: () -> Double = { 0 }
    /// Called with the seconds a blocking call would block for; the test advances its clock.
    var block: (Double) -> Void = { _ in }
    private var flipQueuedAt: [Double] = []
    private(set) var destroyedBlobs: [UInt32] = []

    private(set) var calls: [String] = []
    private(set) var buffers: [DRMDumbBuffer] = []
    /// The format of each buffer in `buffers`.
    private(set) var bufferFormats: [DRMFormat] = []
    private(set) var destroyedBuffers: [UInt32] = []
    /// DMABUFs imported as framebuffers (ids from 500), in order, and the ids removed since.
    private(set) var imports: [(dmabuf: Int32, format: DRMFormat, framebuffer: DRMImportedFramebuffer)] = []
    private(set) var removedImports: [UInt32] = []
    /// errno that importing a DMABUF fails with, if set.
    var importError: Int32?
    /// TEST_ONLY commits showing an imported framebuffer fail (a plane that refuses the camera's buffers).
    var refusesImportedFramebuffers = false
    private(set) var pendingFlips: [UInt32] = []
    /// The CRTC of each pending flip (0 for an atomic commit's), so each CRTC has one flip at a time.
    private(set) var pendingFlipCrtcs: [UInt32] = []
    private(set) var restoredCrtc: DRMSavedCrtc?
    private(set) var propertyWrites: [(UInt32, UInt64)] = []
    private var queuedEvents: [DRMFlipEvent] = []
    let pitchPadding = 16

    init(connectors: [DRMConnectorInfo], encoders: [DRMEncoderInfo]) {
        self.connectors = connectors
        self.encoders = encoders
        // A pipe's read end nobody writes to: pollable (unlike /dev/null) and never readable.
        var ends: [Int32] = [-1, -1]
        _ = pipe(&ends)
        fileDescriptor = ends[0]
        pipeWriteEnd = ends[1]
    }

    deinit {
        Glibc.close(fileDescriptor)
        Glibc.close(pipeWriteEnd)
        buffers.forEach { $0.pixels.deallocate() }
    }

    static func singleHDMI(modes: [DisplayMode] = [
        DisplayMode(width: 1280, height: 800, refreshRate: 75, isPreferred: true, index: 0),
        DisplayMode(width: 800, height: 600, refreshRate: 60, index: 1),
    ]) -> FakeDRMDevice {
        FakeDRMDevice(
            connectors: [
                DRMConnectorInfo(id: 30, type: 10, typeID: 1, isConnected: false, modes: [], encoderID: 0,
                                 possibleEncoderIDs: [20], dpmsPropertyID: 2),
                DRMConnectorInfo(id: 31, type: 11, typeID: 1, isConnected: true, modes: modes, encoderID: 0,
                                 possibleEncoderIDs: [21], dpmsPropertyID: 2),
            ],
            encoders: [
                DRMEncoderInfo(id: 20, crtcID: 0, possibleCrtcs: 0b01),
                DRMEncoderInfo(id: 21, crtcID: 0, possibleCrtcs: 0b10),
            ]
        )
    }

    func resources() throws -> DRMResources {
        // The kernel lists writeback connectors only to clients that asked for them.
        DRMResources(crtcIDs: crtcIDs, connectorIDs: connectors.filter { !$0.isWriteback || writebackAsked }.map(\.id),
                     encoderIDs: encoders.map(\.id))
    }

    func connector(_ id: UInt32) throws -> DRMConnectorInfo {
        guard let found = connectors.first(where: { $0.id == id }) else {
            throw DisplayError.systemCall("drmModeGetConnector", device: path, errno: ENOENT)
        }
        return found
    }

    func encoder(_ id: UInt32) throws -> DRMEncoderInfo {
        guard let found = encoders.first(where: { $0.id == id }) else {
            throw DisplayError.systemCall("drmModeGetEncoder", device: path, errno: ENOENT)
        }
        return found
    }

    func saveCrtc(_ id: UInt32) -> DRMSavedCrtc? {
        DRMSavedCrtc(crtcID: id, framebufferID: 7, x: 0, y: 0, mode: nil)
    }

    func restoreCrtc(_ saved: DRMSavedCrtc, connectorID: UInt32) {
        restoredCrtc = saved
        calls.append("restore fb=\(saved.framebufferID)")
    }

    func createDumbBuffer(width: Int, height: Int, format: DRMFormat) throws -> DRMDumbBuffer {
        bufferFormats.append(format)
        let pitch = width * 4 + pitchPadding
        let pixels = UnsafeMutableRawPointer.allocate(byteCount: pitch * height, alignment: 16)
        pixels.initializeMemory(as: UInt8.self, repeating: 0, count: pitch * height)
        let buffer = DRMDumbBuffer(handle: UInt32(buffers.count + 1), framebufferID: UInt32(100 + buffers.count),
                                   pitch: pitch, byteCount: pitch * height, pixels: pixels)
        buffers.append(buffer)
        return buffer
    }

    func destroyDumbBuffer(_ buffer: DRMDumbBuffer) {
        destroyedBuffers.append(buffer.framebufferID)
    }

    func importFramebuffer(dmabuf: Int32, width: Int, height: Int, format: DRMFormat, pitch: Int) throws -> DRMImportedFramebuffer {
        if let importError { throw DisplayError.systemCall("drmPrimeFDToHandle", device: path, errno: importError) }
        let imported = DRMImportedFramebuffer(handle: UInt32(1000 + imports.count), framebufferID: UInt32(500 + imports.count))
        imports.append((dmabuf: dmabuf, format: format, framebuffer: imported))
        return imported
    }

    func removeImportedFramebuffer(_ framebuffer: DRMImportedFramebuffer) {
        removedImports.append(framebuffer.framebufferID)
    }

    func acquireMaster() {
        calls.append("acquireMaster")
    }

    func setCrtc(_ crtcID: UInt32, framebufferID: UInt32, connectorID: UInt32, mode: DisplayMode) throws {
        if let setCrtcError { throw DisplayError.systemCall("drmModeSetCrtc", device: path, errno: setCrtcError) }
        calls.append("setCrtc crtc=\(crtcID) fb=\(framebufferID) connector=\(connectorID) \(mode.width)x\(mode.height)")
    }

    func pageFlip(_ crtcID: UInt32, framebufferID: UInt32) throws {
        if let pageFlipError { throw DisplayError.systemCall("drmModePageFlip", device: path, errno: pageFlipError) }
        precondition(!pendingFlipCrtcs.contains(crtcID), "a second flip queued on a CRTC before its first completed: the kernel answers EBUSY")
        calls.append("flip fb=\(framebufferID)")
        pendingFlips.append(framebufferID)
        pendingFlipCrtcs.append(crtcID)
        flipQueuedAt.append(now())
    }

    /// The kernel finishing the pending flip (the one on `crtcID`, else the oldest): the event,
    /// carrying its CRTC, becomes readable.
    func completeFlip(at time: Double, sequence: UInt32, crtcID: UInt32? = nil) {
        let index = crtcID.map { crtc in pendingFlipCrtcs.firstIndex(of: crtc) } ?? 0
        guard let index, index < pendingFlips.count else { preconditionFailure("no flip pending") }
        pendingFlips.remove(at: index)
        let crtc = pendingFlipCrtcs.remove(at: index)
        if index < flipQueuedAt.count { flipQueuedAt.remove(at: index) }
        queuedEvents.append(DRMFlipEvent(sequence: sequence, timestamp: time, crtcID: crtc))
    }

    /// A slow driver: completes the pending flip once `flipDelay` has passed since it was queued;
    /// true when an event became readable.
    func deliverDueFlips() -> Bool {
        guard let flipDelay, let queuedAt = flipQueuedAt.first, now() >= queuedAt + flipDelay else { return false }
        completeFlip(at: now(), sequence: UInt32(flipCount))
        return true
    }

    /// The kernel finishing the pending flip but its event getting lost: nothing becomes readable.
    func loseFlipEvent() {
        precondition(!pendingFlips.isEmpty, "no flip pending")
        pendingFlips.removeFirst()
        pendingFlipCrtcs.removeFirst()
        if !flipQueuedAt.isEmpty { flipQueuedAt.removeFirst() }
    }

    func readFlipEvents() throws -> [DRMFlipEvent] {
        defer { queuedEvents.removeAll() }
        return queuedEvents
    }

    func waitForFlipEvents() throws -> [DRMFlipEvent] {
        calls.append("wait")
        if let flipDelay, let queuedAt = flipQueuedAt.first {
            // The kernel blocking until the slow flip is done, on the test's clock: only a display that waits pays this.
            block(max(0, queuedAt + flipDelay - now()))
        }
        if !pendingFlips.isEmpty { completeFlip(at: waitResult.timestamp, sequence: waitResult.sequence) }
        return try readFlipEvents()
    }

    func supportsVblankQueries(crtcIndex: Int) -> Bool { vblankSupported }

    func setConnectorProperty(connectorID: UInt32, propertyID: UInt32, value: UInt64) throws {
        propertyWrites.append((propertyID, value))
    }

    // MARK: Atomic

    /// Property ids of the fake card's objects, by name.
    static let crtcProperties: [String: UInt32] = ["ACTIVE": 1001, "MODE_ID": 1002]
    static let connectorProperties: [String: UInt32] = ["CRTC_ID": 1003, "DPMS": 2]
    static let planeProperties: [String: UInt32] = [
        "FB_ID": 1010, "CRTC_ID": 1011, "SRC_X": 1012, "SRC_Y": 1013, "SRC_W": 1014, "SRC_H": 1015,
        "CRTC_X": 1016, "CRTC_Y": 1017, "CRTC_W": 1018, "CRTC_H": 1019, "type": 1020,
    ]
    /// Plane 50 is the primary plane of either CRTC; 51 an overlay.
    var planeList = [
        DRMPlaneInfo(id: 50, kind: .primary, possibleCrtcs: 0b11, formats: [0x3432_5258], crtcID: 0, framebufferID: 0),
        DRMPlaneInfo(id: 51, possibleCrtcs: 0b11, formats: [0x3432_5258, 0x5659_5559], crtcID: 0, framebufferID: 0),
    ]

    func enableAtomic() -> Bool {
        atomicAsked = true
        return atomicSupported
    }

    func planes() throws -> [DRMPlaneInfo] { planeList }

    func properties(of objectID: UInt32, type: DRMObjectType) throws -> [DRMProperty] {
        let named: [String: UInt32]
        if let properties = objectProperties[objectID] { return properties }
        switch type {
        case .crtc: named = Self.crtcProperties
        case .connector: named = Self.connectorProperties
        case .plane: named = Self.planeProperties
        }
        return named.map { name, id in
            DRMProperty(id: id, name: name, value: name == "type" ? (planeList.first { $0.id == objectID }?.kind == .primary ? 1 : 0) : 0)
        }.sorted { $0.id < $1.id }
    }

    func createModeBlob(_ mode: DisplayMode, connectorID: UInt32) throws -> UInt32 {
        let id = UInt32(500 + createdBlobs.count)
        createdBlobs.append(id)
        return id
    }

    func destroyBlob(_ id: UInt32) {
        destroyedBlobs.append(id)
    }

    func commit(_ request: DRMAtomicRequest, flags: DRMCommitFlags) throws {
        if flags.contains(.testOnly) {
            if let testOnlyError { throw DisplayError.systemCall("drmModeAtomicCommit (test only)", device: path, errno: testOnlyError) }
            let imported = Set(imports.map { UInt64($0.framebuffer.framebufferID) })
            if refusesImportedFramebuffers, request.properties.contains(where: { $0.propertyID == Self.planeProperties["FB_ID"]! && imported.contains($0.value) }) {
                throw DisplayError.systemCall("drmModeAtomicCommit (test only)", device: path, errno: EINVAL)
            }
            calls.append("test commit")
            return
        }
        if let commitError { throw DisplayError.systemCall("drmModeAtomicCommit", device: path, errno: commitError) }
        // A non-blocking commit while one is pending is EBUSY in the kernel; a blocking one waits for it.
        precondition(!(flags.contains(.nonBlocking) && !pendingFlips.isEmpty), "a second commit queued before the first completed: the kernel answers EBUSY")
        let framebuffer = request.value(of: 50, Self.planeProperties["FB_ID"]!)
        calls.append("commit\(flags.contains(.allowModeset) ? " modeset" : "")"
                     + (framebuffer.map { " fb=\($0)" } ?? "")
                     + (request.value(of: 41, Self.crtcProperties["ACTIVE"]!).map { " active=\($0)" } ?? ""))
        commits.append((request, flags))
        if flags.contains(.pageFlipEvent) {
            pendingFlips.append(UInt32(framebuffer ?? 0))
            pendingFlipCrtcs.append(0)
            flipQueuedAt.append(now())
        }
    }

    // MARK: Writeback

    /// Whether the card lists writeback connectors once asked (off: a kernel before 4.19).
    var writebackSupported = true
    private(set) var writebackAsked = false
    /// Blobs by id (a writeback connector's WRITEBACK_PIXEL_FORMATS).
    var blobs: [UInt32: [UInt8]] = [:]
    /// Each object's properties where they differ from the ones its type has (a writeback connector's).
    var objectProperties: [UInt32: [DRMProperty]] = [:]
    /// Sync files handed out by writeback commits not signalled yet: the read end, the write end and
    /// the writeback framebuffer.
    private(set) var writebackFences: [(read: Int32, write: Int32, framebufferID: UInt32)] = []

    /// Adds writeback connector 35 (encoder 25, CRTCs `possibleCrtcs`) writing `formats`, on no CRTC;
    /// connected with modes, as vkms's says it is. With `clonesPanels` its encoder may share a CRTC
    /// with every other encoder (memory writeback beside the panel); without, only its own bit (vkms 6.1's).
    func addWritebackConnector(possibleCrtcs: UInt32 = 0b11, formats: [DRMFormat] = [.xrgb8888], clonesPanels: Bool = true) {
        let mode = DisplayMode(width: 16, height: 8, refreshRate: 60, isPreferred: true, index: 0)
        connectors.append(DRMConnectorInfo(id: 35, type: DRMConnectorInfo.writebackType, typeID: 1, isConnected: true,
                                           modes: [mode], encoderID: 0, possibleEncoderIDs: [25], dpmsPropertyID: nil))
        let own = UInt32(1) << UInt32(encoders.count)
        encoders.append(DRMEncoderInfo(id: 25, crtcID: 0, possibleCrtcs: possibleCrtcs,
                                       possibleClones: clonesPanels ? (own << 1) - 1 : own))
        blobs[90] = formats.flatMap { format in (0..<4).map { UInt8(truncatingIfNeeded: format.code >> ($0 * 8)) } }
        objectProperties[35] = [
            DRMProperty(id: Self.writebackProperties["CRTC_ID"]!, name: "CRTC_ID", value: 0),
            DRMProperty(id: Self.writebackProperties["WRITEBACK_FB_ID"]!, name: "WRITEBACK_FB_ID", value: 0),
            DRMProperty(id: Self.writebackProperties["WRITEBACK_OUT_FENCE_PTR"]!, name: "WRITEBACK_OUT_FENCE_PTR", value: 0),
            DRMProperty(id: Self.writebackProperties["WRITEBACK_PIXEL_FORMATS"]!, name: "WRITEBACK_PIXEL_FORMATS", value: 90),
        ]
    }

    static let writebackProperties: [String: UInt32] = [
        "CRTC_ID": 1030, "WRITEBACK_FB_ID": 1031, "WRITEBACK_OUT_FENCE_PTR": 1032, "WRITEBACK_PIXEL_FORMATS": 1033,
    ]

    func enableWritebackConnectors() -> Bool {
        writebackAsked = true
        return writebackSupported
    }

    func propertyBlob(_ id: UInt32) throws -> [UInt8] {
        guard let blob = blobs[id] else { throw DisplayError.systemCall("drmModeGetPropertyBlob(\(id))", device: path, errno: ENOENT) }
        return blob
    }

    func commit(_ request: DRMAtomicRequest, flags: DRMCommitFlags, outFence: (objectID: UInt32, propertyID: UInt32)) throws -> Int32 {
        try commit(request, flags: flags)
        guard !flags.contains(.testOnly) else { return -1 }
        var ends: [Int32] = [-1, -1]
        _ = pipe(&ends)
        let framebuffer = UInt32(request.value(of: outFence.objectID, Self.writebackProperties["WRITEBACK_FB_ID"]!) ?? 0)
        writebackFences.append((ends[0], ends[1], framebuffer))
        return ends[0]
    }

    /// The display controller writes what it scans out into the oldest writeback's buffer, as
    /// vkms does: the primary plane's buffer with the overlay's (premultiplied ARGB) over it, each
    /// plane as the newest commit left it, X bytes 0; then signals its fence, whose descriptor it returns.
    @discardableResult
    func completeWriteback() -> Int32 {
        let fence = writebackFences.removeFirst()
        let target = buffers.first { $0.framebufferID == fence.framebufferID }!
        func shown(_ plane: UInt32) -> DRMDumbBuffer? {
            let framebuffer = commits.reversed().lazy.compactMap { $0.request.value(of: plane, Self.planeProperties["FB_ID"]!) }.first
            return framebuffer.flatMap { id in buffers.first { UInt64($0.framebufferID) == id } }
        }
        let primary = shown(50), overlay = shown(51)
        for row in 0..<target.byteCount / target.pitch {
            for column in 0..<target.pitch / 4 {
                func pixel(_ buffer: DRMDumbBuffer?) -> UInt32 {
                    guard let buffer, row * buffer.pitch + column * 4 < buffer.byteCount, column * 4 < buffer.pitch else { return 0 }
                    return buffer.pixels.load(fromByteOffset: row * buffer.pitch + column * 4, as: UInt32.self)
                }
                let under = pixel(primary), over = pixel(overlay)
                let alpha = over >> 24
                var blended: UInt32 = 0
                for shift in stride(from: 0, through: 16, by: 8) {
                    let channel = (over >> shift & 0xFF) + (under >> shift & 0xFF) * (255 - alpha) / 255
                    blended |= min(channel, 255) << shift
                }
                target.pixels.storeBytes(of: blended, toByteOffset: row * target.pitch + column * 4, as: UInt32.self)
            }
        }
        var byte: UInt8 = 1
        _ = write(fence.write, &byte, 1)
        Glibc.close(fence.write)
        return fence.read
    }

    /// The pixel at (x, y) of the buffer registered as `framebufferID`.
    func pixel(framebufferID: UInt32, x: Int, y: Int) -> UInt32 {
        let buffer = buffers.first { $0.framebufferID == framebufferID }!
        return buffer.pixels.load(fromByteOffset: y * buffer.pitch + x * 4, as: UInt32.self)
    }

    var flipCount: Int { calls.filter { $0.hasPrefix("flip") || $0.hasPrefix("commit fb") }.count }
    var waitCount: Int { calls.filter { $0 == "wait" }.count }
}
