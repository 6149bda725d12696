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
    /// Every plane of the card (primary, overlay and cursor), for listing and the plane planner.
    func planes() throws -> [DRMPlaneInfo]
}
