/// A video capture device: the seam between the feed's fault handling and the kernel.
///
/// `V4L2CaptureDevice` is the real one; tests put a scripted fake behind this protocol.
/// A device is used from one thread at a time.
public protocol CaptureDevice: AnyObject {
    /// The device node, for messages.
    var path: String { get }

    /// Opens the device, negotiates the format and starts streaming.
    func open() throws(CameraError) -> CaptureFormat

    /// Waits up to `timeout` seconds for the next filled buffer and lends it to `body`.
    ///
    /// - Returns: false when no frame arrived in time.
    /// - Throws: `.deviceGone` when the device was unplugged; other errors as they happen. An error
    ///   thrown by `body` is passed on after the buffer is returned to the driver.
    func withNextFrame(timeout: Double, _ body: (CapturedFrame) throws(CameraError) -> Void) throws(CameraError) -> Bool

    /// Stops streaming and releases everything; safe to call when not open.
    func close()

    /// Holds the stream where it is (true) or lets it go on from there (false), while open. A
    /// camera has nothing to hold (the default does nothing); a video element's pipeline pauses.
    func setPaused(_ paused: Bool)

    /// True once a stream that does not loop has played to its end: no frame is coming, and that
    /// is not a stall.
    var hasEnded: Bool { get }

    /// Lets a long wait inside the device (a stream's first picture, up to seconds) end early once
    /// `isStopRequested` says the feed is stopping, so a stop is never held up by a stalled source.
    /// Called once, before `open`; a camera, whose waits are all short, ignores it (the default).
    func endWaits(when isStopRequested: @escaping @Sendable () -> Bool)
}

extension CaptureDevice {
    public func setPaused(_ paused: Bool) {}

    public var hasEnded: Bool { false }

    public func endWaits(when isStopRequested: @escaping @Sendable () -> Bool) {}
}
