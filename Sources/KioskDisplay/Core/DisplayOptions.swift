import KioskCompositor
import KioskEngine
import KioskOptions

/// Everything needed to open a display, as plain data; the daemon fills it from the config file.
public struct DisplayOptions: Sendable, Equatable {
    public var backend: DisplayBackend
    /// A DRM card such as `/dev/dri/card0`; nil picks the first card with a connected connector.
    public var cardPath: String?
    /// A connector as the kernel names it (`HDMI-A-1`, `DSI-1`, `Virtual-1`); nil picks the first connected.
    public var connectorName: String?
    /// `WxH` or `WxH@Hz`; nil uses the connector's preferred mode.
    public var mode: ModeRequest?
    /// Scan-out buffers for DRM: 2 or 3.
    public var bufferCount: Int
    /// Whether DRM may put the camera feed on a plane of its own (`[display] planes`).
    public var planes: DisplayPlanes
    /// DRM with no connected connector: open anyway and light the panel when one is plugged in
    /// (frames are `headlessWidth` x `headlessHeight` until then), instead of failing.
    public var waitForOutput: Bool
    /// The framebuffer device for the fbdev backend.
    public var framebufferPath: String
    /// The surface size of the headless backend, and of the sdl backend without a `mode`.
    public var headlessWidth: Int
    public var headlessHeight: Int
    /// The refresh rate of the headless backend's vsync.
    public var headlessRefreshRate: Double
    /// True for a headless vsync ticked by the caller (`simulate`, `demo`); false for a real-time timer.
    public var headlessVirtualClock: Bool
    /// How the panel is turned: the sdl window turns the picture back, as a person facing the panel sees it.
    public var windowRotation: Rotation
    /// The sdl backend's window title.
    public var windowTitle: String

    public init(
        backend: DisplayBackend = .auto,
        cardPath: String? = nil,
        connectorName: String? = nil,
        mode: ModeRequest? = nil,
        bufferCount: Int = 2,
        planes: DisplayPlanes = .auto,
        waitForOutput: Bool = false,
        framebufferPath: String = "/dev/fb0",
        headlessWidth: Int = 800,
        headlessHeight: Int = 480,
        headlessRefreshRate: Double = 60,
        headlessVirtualClock: Bool = false,
        windowRotation: Rotation = .none,
        windowTitle: String = "swipe-kiosk"
    ) {
        self.backend = backend
        self.cardPath = cardPath
        self.connectorName = connectorName
        self.mode = mode
        self.bufferCount = bufferCount
        self.planes = planes
        self.waitForOutput = waitForOutput
        self.framebufferPath = framebufferPath
        self.headlessWidth = headlessWidth
        self.headlessHeight = headlessHeight
        self.headlessRefreshRate = headlessRefreshRate
        self.headlessVirtualClock = headlessVirtualClock
        self.windowRotation = windowRotation
        self.windowTitle = windowTitle
    }
}
