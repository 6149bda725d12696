import KioskEngine
import KioskOptions

/// A screen the compositor's frames go to: a DRM/KMS panel, a framebuffer device or a headless surface.
///
/// The daemon's epoll loop watches `pollDescriptors` and calls `handleReadable(_:)` when one is
/// readable; the display turns page-flip events and timers into ticks of `frameClock`, whose
/// display links drive the animations that produce the next frame for `present(_:damage:)`.
///
/// A display that can scan layers out from planes of their own (the camera under the UI) is a
/// `LayerPlanning` display as well: it plans each frame before the compositor paints it.
public protocol Display: AnyObject {
    /// The size in pixels that every presented frame must have.
    var size: (width: Int, height: Int) { get }
    /// The refresh rate in hertz of the mode in use.
    var refreshRate: Double { get }
    /// Ticks on vsync (or a timer at the refresh rate where the hardware gives no vsync).
    var frameClock: any FrameClock { get }
    /// File descriptors to watch for readability; the set can change after `handleReadable(_:)`.
    var pollDescriptors: [Int32] { get }
    /// Handles whatever made `descriptor` readable: flip events, timer expiry, hot-plug messages.
    func handleReadable(_ descriptor: Int32) throws
    /// Asks for a tick at the next vsync; call after input that may have started an animation,
    /// since an idle display neither flips nor ticks.
    func scheduleFrame()
    /// Shows `frame`; only `damage` changed since the previous frame, and an empty list means nothing did.
    func present(_ frame: PixelBuffer, damage: [PixelRect]) throws
    /// Powers the panel down (DPMS off) or back up; the daemon calls this on idle timeout and on touch.
    func setPowerSaving(_ enabled: Bool) throws
    /// False when `setPowerSaving` cannot darken the panel (a DRM connector without DPMS).
    var supportsPowerSaving: Bool { get }
    /// Releases the device and restores what was changed (CRTC, console mode).
    func close()
    /// How long the frame just presented took to compose, so ticks can come that long before the
    /// vblank they aim at (frame scheduling); displays that do not schedule ignore it.
    func compositionTook(_ seconds: Double)
    /// Calls `handler` each time a presented frame reaches the screen (its flip event); false where
    /// the display cannot tell, and the present time is the best there is.
    func observeFramesShown(_ handler: @escaping (FrameShown) -> Void) -> Bool
    /// False while no panel is connected (a DRM connector unplugged, or none yet at start): frames
    /// presented are dropped and the frame clock does not tick.
    var isOutputConnected: Bool { get }
    /// Called from `handleReadable(_:)` when `isOutputConnected` changes; on true the caller
    /// composes everything again, since nothing was composed while it was false.
    var onOutputConnectionChanged: ((Bool) -> Void)? { get set }
    /// Reads back what the display hardware scans out (a DRM writeback connector), calling
    /// `completion` from `handleReadable(_:)` with the picture at the mode's size; false, doing
    /// nothing, where it cannot (then the daemon's own frame is the best there is).
    func captureScanout(_ completion: @escaping (Result<PixelBuffer, DisplayError>) -> Void) -> Bool
}

extension Display {
    public var supportsPowerSaving: Bool { true }
    public func compositionTook(_ seconds: Double) {}
    public func observeFramesShown(_ handler: @escaping (FrameShown) -> Void) -> Bool { false }
    public var isOutputConnected: Bool { true }
    /// Displays that are always connected never call it.
    public var onOutputConnectionChanged: ((Bool) -> Void)? {
        get { nil }
        set {}
    }
    public func captureScanout(_ completion: @escaping (Result<PixelBuffer, DisplayError>) -> Void) -> Bool { false }
}
