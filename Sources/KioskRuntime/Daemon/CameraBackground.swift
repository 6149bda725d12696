import KioskCamera
import KioskConfig
import KioskDisplay
import KioskEngine
import KioskOptions
import Logging

/// The camera feed behind the screens: started from `[camera]`, restarted when a reload changes
/// it, paused while the panel is dark, and its newest frame kept for the next composition.
///
/// A live feed's frames arrive from its thread; a timed picture (the pattern) is drawn here, on the
/// loop, each time it changes, by a timer on the daemon's clock.
final class CameraBackground {
    /// Makes the feed `[camera]` describes for a scene of the given size; nil for `source = "none"`.
    typealias Factory = (CameraConfiguration, Size) throws -> BackgroundFeed?

    private let factory: Factory
    private let loop: EventLoop
    private let clock: any DaemonClock
    private let logger: Logger
    private let sceneSize: Size
    private var feed: (any CameraFeed)?
    private var timed: TimedBackground?
    /// What `start` was last given: what `resume` starts again.
    private var configuration: CameraConfiguration?
    /// While true (a dark panel) the feed stays stopped; `start` only remembers its configuration.
    private(set) var isPaused = false
    /// The newest frame, drawn behind the screens; nil: black.
    private(set) var frame: PixelBuffer?
    /// The stop of the feed last closed: the next feed's thread waits for it, the loop never does.
    private var lastStop: FeedStop?
    /// A new frame arrived.
    var onFrame: () -> Void = {}

    /// The capture buffer `frame` came in, where the camera exports its buffers (zero-copy); nil otherwise.
    var captureBuffer: (any CaptureBuffer)? { feed?.newestCaptureBuffer }

    /// Where the display put the feed of the frame being composed: scanned out from its capture
    /// buffer, the camera's thread may leave frames unconverted; otherwise `frame` is converted now
    /// if it was left so (the first frame of a swipe) and the thread converts again.
    func feedPlaced(_ placement: FeedPlacement) {
        guard let feed else { return }
        let direct = placement == .planeFromCaptureBuffer
        feed.setScannedOutDirectly(direct)
        if !direct { feed.completeNewestFrame() }
    }

    /// Converts `frame` now if the camera's thread left it unconverted; the thread goes on as it was.
    func completeFrame() {
        feed?.completeNewestFrame()
    }

    init(factory: @escaping Factory, loop: EventLoop, clock: any DaemonClock, logger: Logger, sceneSize: Size) {
        self.factory = factory
        self.loop = loop
        self.clock = clock
        self.logger = logger
        self.sceneSize = sceneSize
    }

    /// One line for the status: what the feed shows; nil without a camera.
    var status: String? { feed?.status ?? timed?.source.summary }
    /// Faults the running feed has met since it started (a timed picture has none).
    var faultCount: Int { feed?.faultCount ?? 0 }

    func start(_ configuration: CameraConfiguration) {
        self.configuration = configuration
        guard !isPaused else { return }
        do {
            switch try factory(configuration, sceneSize) {
            case nil:
                return
            case .live(let feed):
                try loop.watch(feed.readinessDescriptor) { [unowned self] in frameReady() }
                feed.start(after: lastStop)
                self.feed = feed
            case .timed(let source):
                let background = TimedBackground(source: source, start: clock.now)
                background.timer = try clock.makeTimer { [unowned self] in timedFrameDue() }
                timed = background
                timedFrameDue()
            }
        } catch {
            logger.error("camera: \(error); the background stays black")
        }
    }

    func stop() {
        configuration = nil
        closeFeed()
    }

    /// Waits (until `deadline` on `MonotonicClock`) for the last stopped feed's thread to release its
    /// device. Only for shutting down, once the loop no longer runs.
    func waitUntilReleased(deadline: Double) {
        _ = lastStop?.wait(timeout: max(0, deadline - MonotonicClock.now()))
    }

    /// Stops the feed and keeps its configuration for `resume`.
    func pause() {
        guard !isPaused else { return }
        isPaused = true
        closeFeed()
    }

    /// Starts the feed again after `pause`.
    func resume() {
        guard isPaused else { return }
        isPaused = false
        if let configuration { start(configuration) }
    }

    private func closeFeed() {
        if let timed {
            timed.timer?.cancel()
            self.timed = nil
            frame = nil
        }
        guard let feed else { return }
        lastStop = feed.stop()
        loop.unwatch(feed.readinessDescriptor)
        self.feed = nil
        frame = nil
    }

    /// Draws the timed picture for now (a picture that has not changed costs nothing) and waits for its next change.
    private func timedFrameDue() {
        guard let timed else { return }
        let time = clock.now - timed.start
        let newest = timed.source.frame(at: time)
        if let next = timed.source.nextChange(after: time) { timed.timer?.schedule(at: timed.start + next) }
        guard newest !== frame || newest.sequence != timed.shownSequence else { return }
        timed.shownSequence = newest.sequence
        frame = newest
        onFrame()
    }

    private func frameReady() {
        guard let newest = feed?.takeNewestFrame() else { return }
        frame = newest
        onFrame()
    }
}

/// A timed picture on the loop: its source, when it started, and the timer of its next change.
private final class TimedBackground {
    let source: any TimedFrameSource
    let start: Double
    var timer: (any DaemonTimer)?
    var shownSequence: UInt64?

    init(source: any TimedFrameSource, start: Double) {
        self.source = source
        self.start = start
    }
}
