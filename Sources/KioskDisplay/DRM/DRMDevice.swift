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
    /// A mapped dumb buffer registered as a framebuffer of `format` (XRGB8888 or ARGB8888).
    func createDumbBuffer(width: Int, height: Int, format: DRMFormat) throws -> DRMDumbBuffer
    func destroyDumbBuffer(_ buffer: DRMDumbBuffer)
    /// A DMABUF (a camera's capture buffer) imported (drmPrimeFDToHandle) and registered as a
    /// linear framebuffer of `format` (drmModeAddFB2WithModifiers, else drmModeAddFB2); NV12's
    /// chroma plane follows the luma plane in the same buffer with the same pitch.
    func importFramebuffer(dmabuf: Int32, width: Int, height: Int, format: DRMFormat, pitch: Int) throws -> DRMImportedFramebuffer
    /// Removes an imported framebuffer (never one on screen: that would turn its plane off) and closes its handle.
    func removeImportedFramebuffer(_ framebuffer: DRMImportedFramebuffer)
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

    // MARK: Atomic modesetting

    /// Asks for universal planes and atomic commits (DRM_CLIENT_CAP_UNIVERSAL_PLANES, _ATOMIC);
    /// false when the driver or kernel refuses either, and the legacy calls above are used instead.
    func enableAtomic() -> Bool
    /// Every plane of the card (primary, overlay and cursor: universal planes must be on).
    func planes() throws -> [DRMPlaneInfo]
    /// The properties of a CRTC, connector or plane, with their ids and current values.
    func properties(of objectID: UInt32, type: DRMObjectType) throws -> [DRMProperty]
    /// A property blob holding the kernel's record of `mode` on `connectorID`, for a CRTC's MODE_ID.
    func createModeBlob(_ mode: DisplayMode, connectorID: UInt32) throws -> UInt32
    func destroyBlob(_ id: UInt32)
    /// Applies `request` with `flags`; with `.pageFlipEvent` its completion arrives through
    /// `readFlipEvents`. A `.testOnly` commit only says whether the hardware would take it.
    func commit(_ request: DRMAtomicRequest, flags: DRMCommitFlags) throws

    // MARK: Writeback

    /// Asks the kernel to list writeback connectors too (DRM_CLIENT_CAP_WRITEBACK_CONNECTORS; atomic
    /// must be on); false where it refuses. From then on `resources()` includes them.
    func enableWritebackConnectors() -> Bool
    /// The bytes of property blob `id` (a writeback connector's WRITEBACK_PIXEL_FORMATS).
    func propertyBlob(_ id: UInt32) throws -> [UInt8]
    /// Applies `request` like `commit(_:flags:)` and hands back the sync file the kernel made for
    /// `outFence` (a writeback connector's WRITEBACK_OUT_FENCE_PTR): readable once the writeback is written.
    func commit(_ request: DRMAtomicRequest, flags: DRMCommitFlags,
                outFence: (objectID: UInt32, propertyID: UInt32)) throws -> Int32
}

extension DRMDevice {
    /// A mapped XRGB8888 dumb buffer registered as a framebuffer.
    func createDumbBuffer(width: Int, height: Int) throws -> DRMDumbBuffer {
        try createDumbBuffer(width: width, height: height, format: .xrgb8888)
    }
}
