import KioskCamera
import KioskConfig
import KioskEngine
import Logging

/// The camera feed behind the screens: started from `[camera]`, restarted when a reload changes
/// it, paused while the panel is dark, and its newest frame kept for the next composition.
final class CameraBackground {
    /// Makes the feed `[camera]` describes for a scene of the given size; nil for `source = "none"`.
    typealias Factory = (CameraConfiguration, Size) throws -> (any CameraFeed)?

    private let factory: Factory
    private let loop: EventLoop
    private let logger: Logger
    private let sceneSize: Size
    private var feed: (any CameraFeed)?
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

    init(factory: @escaping Factory, loop: EventLoop, logger: Logger, sceneSize: Size) {
        self.factory = factory
        self.loop = loop
        self.logger = logger
        self.sceneSize = sceneSize
    }

    /// One line for the status: what the feed shows; nil without a camera.
    var status: String? { feed?.status }
    /// Faults the running feed has met since it started.
    var faultCount: Int { feed?.faultCount ?? 0 }

    func start(_ configuration: CameraConfiguration) {
        self.configuration = configuration
        guard !isPaused else { return }
        do {
            guard let feed = try factory(configuration, sceneSize) else { return }
            try loop.watch(feed.readinessDescriptor) { [unowned self] in frameReady() }
            feed.start(after: lastStop)
            self.feed = feed
        } catch {
            logger.error("camera: \(error); the background stays black")
        }
    }

    func stop() {
        configuration = nil
        closeFeed()
    }

    /// Waits (at most `LiveFeed.previousStopWait`) for the last stopped feed's thread to release its
    /// device. Only for shutting down, once the loop no longer runs.
    func waitUntilReleased() {
        _ = lastStop?.wait(timeout: LiveFeed.previousStopWait)
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
        guard let feed else { return }
        lastStop = feed.stop()
        loop.unwatch(feed.readinessDescriptor)
        self.feed = nil
        frame = nil
    }

    private func frameReady() {
        guard let newest = feed?.takeNewestFrame() else { return }
        frame = newest
        onFrame()
    }
}
