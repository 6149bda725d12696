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

    private(set) var calls: [String] = []
    private(set) var buffers: [DRMDumbBuffer] = []
    private(set) var destroyedBuffers: [UInt32] = []
    private(set) var pendingFlips: [UInt32] = []
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
        DRMResources(crtcIDs: crtcIDs, connectorIDs: connectors.map(\.id))
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

    func createDumbBuffer(width: Int, height: Int) throws -> DRMDumbBuffer {
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

    func acquireMaster() {
        calls.append("acquireMaster")
    }

    func setCrtc(_ crtcID: UInt32, framebufferID: UInt32, connectorID: UInt32, mode: DisplayMode) throws {
        if let setCrtcError { throw DisplayError.systemCall("drmModeSetCrtc", device: path, errno: setCrtcError) }
        calls.append("setCrtc crtc=\(crtcID) fb=\(framebufferID) connector=\(connectorID) \(mode.width)x\(mode.height)")
    }

    func pageFlip(_ crtcID: UInt32, framebufferID: UInt32) throws {
        if let pageFlipError { throw DisplayError.systemCall("drmModePageFlip", device: path, errno: pageFlipError) }
        precondition(pendingFlips.isEmpty, "a second flip queued before the first completed: the kernel answers EBUSY")
        calls.append("flip fb=\(framebufferID)")
        pendingFlips.append(framebufferID)
    }

    /// The kernel finishing the pending flip: the event becomes readable.
    func completeFlip(at time: Double, sequence: UInt32) {
        precondition(!pendingFlips.isEmpty, "no flip pending")
        pendingFlips.removeFirst()
        queuedEvents.append(DRMFlipEvent(sequence: sequence, timestamp: time))
    }

    /// The kernel finishing the pending flip but its event getting lost: nothing becomes readable.
    func loseFlipEvent() {
        precondition(!pendingFlips.isEmpty, "no flip pending")
        pendingFlips.removeFirst()
    }

    func readFlipEvents() throws -> [DRMFlipEvent] {
        defer { queuedEvents.removeAll() }
        return queuedEvents
    }

    func waitForFlipEvents() throws -> [DRMFlipEvent] {
        calls.append("wait")
        if !pendingFlips.isEmpty { completeFlip(at: waitResult.timestamp, sequence: waitResult.sequence) }
        return try readFlipEvents()
    }

    func supportsVblankQueries(crtcIndex: Int) -> Bool { vblankSupported }

    func setConnectorProperty(connectorID: UInt32, propertyID: UInt32, value: UInt64) throws {
        propertyWrites.append((propertyID, value))
    }

    /// The pixel at (x, y) of the buffer registered as `framebufferID`.
    func pixel(framebufferID: UInt32, x: Int, y: Int) -> UInt32 {
        let buffer = buffers.first { $0.framebufferID == framebufferID }!
        return buffer.pixels.load(fromByteOffset: y * buffer.pitch + x * 4, as: UInt32.self)
    }

    var flipCount: Int { calls.filter { $0.hasPrefix("flip") }.count }
    var waitCount: Int { calls.filter { $0 == "wait" }.count }
}
