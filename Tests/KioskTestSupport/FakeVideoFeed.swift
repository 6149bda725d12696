import KioskCamera
import KioskEngine
import KioskOptions

/// A video element's player that delivers the frames a test hands it (one colour each) and
/// records whether the daemon has it playing or paused.
package final class FakeVideoFeed: CameraFeed, @unchecked Sendable {
    package let content: VideoContent
    /// The element's box, the size of its frames.
    package let size: PixelSize
    private let signal = EventSignal()
    private var pending: PixelBuffer?
    private var sequence: UInt64 = 0
    package private(set) var isRunning = false
    package private(set) var isPaused = false
    /// Each change of `isPaused`, in order.
    package private(set) var pauseChanges: [Bool] = []
    package private(set) var stopCount = 0

    package init(content: VideoContent, size: PixelSize) {
        self.content = content
        self.size = size
    }

    /// A new frame of one colour, as the pipeline's thread would publish it.
    package func deliver(_ colour: UInt32) {
        let frame = PixelBuffer(width: size.width, height: size.height)
        frame.fill(colour)
        sequence += 1
        frame.sequence = sequence
        pending = frame
        signal.raise()
    }

    package func start(after previous: FeedStop?) {
        isRunning = true
    }

    @discardableResult
    package func stop() -> FeedStop {
        stopCount += 1
        isRunning = false
        return .done()
    }

    package func setPaused(_ paused: Bool) {
        guard paused != isPaused || pauseChanges.isEmpty else { return }
        isPaused = paused
        pauseChanges.append(paused)
    }

    package var readinessDescriptor: Int32 { signal.descriptor }

    package func takeNewestFrame() -> PixelBuffer? {
        signal.clear()
        defer { pending = nil }
        return pending
    }

    package var status: String { isRunning ? (isPaused ? "paused" : "playing") : "stopped" }
    package var faultCount: Int { 0 }
}
