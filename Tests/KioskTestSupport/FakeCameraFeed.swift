import KioskCamera
import KioskEngine

/// A camera feed that only counts its starts and stops, for checking the camera rests while dark.
package final class FakeCameraFeed: CameraFeed, @unchecked Sendable {
    private let signal = EventSignal()

    package init() {}
    package private(set) var startCount = 0
    package private(set) var stopCount = 0
    package private(set) var isRunning = false

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

    package var readinessDescriptor: Int32 { signal.descriptor }
    package func takeNewestFrame() -> PixelBuffer? { nil }
    package var status: String { isRunning ? "fake camera running" : "fake camera stopped" }
    package var faultCount: Int { 0 }
}
