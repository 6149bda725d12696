import KioskCamera
import KioskEngine

/// A camera feed that only counts its starts and stops, for checking the camera rests while dark.
final class FakeCameraFeed: CameraFeed, @unchecked Sendable {
    private let signal = EventSignal()
    private(set) var startCount = 0
    private(set) var stopCount = 0
    private(set) var isRunning = false

    func start(after previous: FeedStop?) {
        startCount += 1
        isRunning = true
    }

    @discardableResult
    func stop() -> FeedStop {
        stopCount += 1
        isRunning = false
        return .done()
    }

    var readinessDescriptor: Int32 { signal.descriptor }
    func takeNewestFrame() -> PixelBuffer? { nil }
    var status: String { isRunning ? "fake camera running" : "fake camera stopped" }
    var faultCount: Int { 0 }
}
