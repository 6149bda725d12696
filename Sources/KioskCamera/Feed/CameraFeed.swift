import KioskEngine
import KioskOptions

/// A live source of background frames for the daemon's event loop.
///
/// Frames are produced away from the render loop; the loop watches `readinessDescriptor` and,
/// when it is readable, calls `takeNewestFrame()`. Frames produced in between are dropped: the
/// newest one wins. Every frame is already aspect-filled to the display size.
public protocol CameraFeed: AnyObject, Sendable {
    /// Begins producing frames. Does not block on the device: a missing camera shows the fallback.
    ///
    /// - Parameter previous: the stop of the feed this one replaces; the producer waits for it (on
    ///   its own thread) before opening its device, so a reload never finds the camera still busy.
    func start(after previous: FeedStop?)
    /// Asks the producer to stop and returns at once: the producer releases the device on its own
    /// thread and then raises the returned stop, so the event loop never waits for a slow close.
    @discardableResult
    func stop() -> FeedStop
    /// An eventfd that becomes readable when a new frame is ready; `takeNewestFrame()` clears it.
    var readinessDescriptor: Int32 { get }
    /// The newest complete frame, or nil when none arrived since the last call.
    ///
    /// The returned buffer is left untouched by the feed until the next call, so the compositor
    /// may keep drawing from it; its `sequence` differs from every earlier frame's.
    func takeNewestFrame() -> PixelBuffer?
    /// One line for the operator: what is shown and why ("camera /dev/video0: 1280x720 YUYV at 30 fps").
    var status: String { get }
    /// Faults since `start()`: bad frames, stalls, a missing or lost device (each one, also when repeated).
    var faultCount: Int { get }
    /// Holds the feed where it is (a video element whose screen is out of sight: its pipeline
    /// pauses) or lets it go on; returns at once. A feed with nothing to hold ignores it.
    func setPaused(_ paused: Bool)

    /// The capture buffer the frame `takeNewestFrame()` last returned was captured in, when the
    /// device exports its buffers for zero-copy scan-out; nil otherwise. Holding it keeps the
    /// buffer from the driver.
    var newestCaptureBuffer: (any CaptureBuffer)? { get }
    /// Says whether the display scans frames out from their capture buffers; while it does, the
    /// producer leaves frames unconverted. Returns at once.
    func setScannedOutDirectly(_ direct: Bool)
    /// Converts, on the calling thread, the frame `takeNewestFrame()` last returned if the
    /// producer left it unconverted (it must be composed after all); does nothing otherwise.
    func completeNewestFrame()
}

extension CameraFeed {
    public func setPaused(_ paused: Bool) {}

    public var newestCaptureBuffer: (any CaptureBuffer)? { nil }

    public func setScannedOutDirectly(_ direct: Bool) {}

    public func completeNewestFrame() {}

    /// Starts with no earlier feed to wait for.
    public func start() {
        start(after: nil)
    }
}
