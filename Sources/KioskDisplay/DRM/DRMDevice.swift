import CDRM

/// The few libdrm calls the DRM display makes, behind a seam so its logic runs against a fake card in tests.
protocol DRMDevice: AnyObject {
    /// The device node, for messages.
    var path: String { get }
    /// Readable when page-flip events are waiting.
    var fileDescriptor: Int32 { get }
    func resources() throws -> DRMResources
    func connector(_ id: UInt32) throws -> DRMConnectorInfo
    func encoder(_ id: UInt32) throws -> DRMEncoderInfo
    /// What the CRTC shows now, to put back on close.
    func saveCrtc(_ id: UInt32) -> DRMSavedCrtc?
    func restoreCrtc(_ saved: DRMSavedCrtc, connectorID: UInt32)
    /// A mapped XRGB8888 dumb buffer registered as a framebuffer.
    func createDumbBuffer(width: Int, height: Int) throws -> DRMDumbBuffer
    func destroyDumbBuffer(_ buffer: DRMDumbBuffer)
    /// Asks to become DRM master again after another process let go; failure shows up at the next setCrtc.
    func acquireMaster()
    func setCrtc(_ crtcID: UInt32, framebufferID: UInt32, connectorID: UInt32, mode: DisplayMode) throws
    /// Queues a flip at the next vblank and asks for a completion event.
    func pageFlip(_ crtcID: UInt32, framebufferID: UInt32) throws
    /// The completion events that have already arrived, without blocking.
    func readFlipEvents() throws -> [DRMFlipEvent]
    /// Blocks until at least one completion event arrives; empty if none came within a second.
    func waitForFlipEvents() throws -> [DRMFlipEvent]
    /// False where drmWaitVBlank fails: the driver has no vblank interrupt to time flips by.
    func supportsVblankQueries(crtcIndex: Int) -> Bool
    func setConnectorProperty(connectorID: UInt32, propertyID: UInt32, value: UInt64) throws
}

struct DRMResources: Equatable {
    var crtcIDs: [UInt32]
    var connectorIDs: [UInt32]
}

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
}

struct DRMEncoderInfo: Equatable {
    var id: UInt32
    /// The CRTC it is attached to now; 0 if none.
    var crtcID: UInt32
    /// Bit i set: the i-th CRTC of the resources can drive it.
    var possibleCrtcs: UInt32
}

struct DRMSavedCrtc {
    var crtcID: UInt32
    var framebufferID: UInt32
    var x: UInt32
    var y: UInt32
    /// The kernel's own mode record; nil when the CRTC was off.
    var mode: drmModeModeInfo?
}

struct DRMDumbBuffer {
    var handle: UInt32
    var framebufferID: UInt32
    var pitch: Int
    var byteCount: Int
    var pixels: UnsafeMutableRawPointer
}

struct DRMFlipEvent: Equatable {
    var sequence: UInt32
    /// CLOCK_MONOTONIC seconds of the vblank the flip completed on.
    var timestamp: Double
}
