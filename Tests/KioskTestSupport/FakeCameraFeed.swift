import KioskCamera
import KioskEngine
import KioskOptions

/// A camera feed that counts its starts and stops (the camera rests while dark) and hands the loop
/// the frames a test delivers, with the capture buffers they came in (zero-copy scan-out).
package final class FakeCameraFeed: CameraFeed, @unchecked Sendable {
    private let signal = EventSignal()
    /// The frame `deliver` handed over, until the loop takes it.
    private var delivered: (frame: PixelBuffer, capture: (any CaptureBuffer)?)?

    package init() {}
    package private(set) var startCount = 0
    package private(set) var stopCount = 0
    package private(set) var isRunning = false
    package private(set) var newestCaptureBuffer: (any CaptureBuffer)?
    /// What the daemon last said: the display scans frames out from their capture buffers.
    package private(set) var scannedOutDirectly = false
    /// Times the daemon asked for the newest frame converted (it is composed or copied after all).
    package private(set) var completions = 0

    package func start(after previous: FeedStop?) {
        startCount += 1
        isRunning = true
    }

    @discardableResult
    package func stop() -> FeedStop {
        stopCount += 1
        isRunning = false
        return .done()
    }

    /// A new frame (at the scene's size), in `capture` where the camera exports its buffers; the
    /// daemon takes it at its loop's next turn.
    package func deliver(_ frame: PixelBuffer, capture: (any CaptureBuffer)? = nil) {
        delivered = (frame, capture)
        signal.raise()
    }

    package var readinessDescriptor: Int32 { signal.descriptor }

    package func takeNewestFrame() -> PixelBuffer? {
        signal.clear()
        guard let delivered else { return nil }
        self.delivered = nil
        newestCaptureBuffer = delivered.capture
        return delivered.frame
    }

    package func setScannedOutDirectly(_ direct: Bool) {
        scannedOutDirectly = direct
    }

    package func completeNewestFrame() {
        completions += 1
    }

    package var status: String { isRunning ? "fake camera running" : "fake camera stopped" }
    package var faultCount: Int { 0 }
}
