import KioskCamera
import KioskEngine
import KioskOptions
import Logging

/// The players of the scene's video elements (`type = "video"`): one feed per video view, made
/// when its screen first comes on show, paused while the screen is out of sight (neither on show
/// nor in a transition) or the panel is dark, and stopped when a reload replaces the scene or the
/// daemon stops. Pausing and stopping return at once: the pipelines pause and close on their own
/// threads. Frames arrive through each feed's readiness descriptor on the loop.
final class VideoElementPlayers {
    /// Makes the player for a video view: its content and its box in scene pixels.
    typealias Factory = (VideoContent, PixelSize, Logger) -> any CameraFeed

    private let factory: Factory
    private let loop: EventLoop
    private let logger: Logger
    /// The scene whose video views are known, by its root view.
    private var sceneRoot: ObjectIdentifier?
    /// Each screen's video views, for the screens that have any.
    private var videoViews: [(screen: View, video: View)] = []
    private var players: [ObjectIdentifier: Player] = [:]
    /// The stops of closed players: shutting down waits for them, the loop never does.
    private var stops: [FeedStop] = []
    /// The panel is dark: every player is paused.
    var isSuspended = false {
        didSet { if isSuspended != oldValue { for player in players.values { player.setPlaying(false) } } }
    }
    /// A player delivered a frame.
    var onFrame: () -> Void = {}

    private final class Player {
        let feed: any CameraFeed
        var frame: PixelBuffer?
        var isPlaying = false

        init(feed: any CameraFeed) {
            self.feed = feed
        }

        func setPlaying(_ playing: Bool) {
            guard playing != isPlaying else { return }
            isPlaying = playing
            feed.setPaused(!playing)
        }
    }

    init(factory: @escaping Factory, loop: EventLoop, logger: Logger) {
        self.factory = factory
        self.loop = loop
        self.logger = logger
    }

    /// Plays the video views whose screen is on show or in a transition and pauses the others
    /// (cheap when nothing changed: the daemon calls it before every frame and at each transition's
    /// start and end). A scene that replaced the last one seen stops the old players first.
    func update(for scene: KioskScene) {
        if sceneRoot != ObjectIdentifier(scene.rootView) { adopt(scene) }
        for (screen, view) in videoViews {
            let shown = screen.superview != nil && !isSuspended
            if shown, players[ObjectIdentifier(view)] == nil, case .video(let content) = view.content { start(content, for: view) }
            players[ObjectIdentifier(view)]?.setPlaying(shown)
        }
    }

    /// The newest frame of each video view that has one, by view, for the compositor.
    var frames: [ObjectIdentifier: PixelBuffer] {
        players.compactMapValues(\.frame)
    }

    /// Whether the view's player is playing now (false: paused, or not made yet).
    func isPlaying(_ view: View) -> Bool {
        players[ObjectIdentifier(view)]?.isPlaying ?? false
    }

    /// Stops every player (shutting down, or a replaced scene).
    func stopAll() {
        for player in players.values {
            loop.unwatch(player.feed.readinessDescriptor)
            stops.append(player.feed.stop())
        }
        players = [:]
    }

    /// Waits (until `deadline` on `MonotonicClock`) for the stopped players' threads to close
    /// their pipelines. Only for shutting down, once the loop no longer runs.
    func waitUntilReleased(deadline: Double) {
        for stop in stops { _ = stop.wait(timeout: max(0, deadline - MonotonicClock.now())) }
        stops = []
    }

    private func adopt(_ scene: KioskScene) {
        stopAll()
        sceneRoot = ObjectIdentifier(scene.rootView)
        videoViews = scene.container.screens.flatMap { screen in
            Self.videoViews(in: screen.view).map { (screen.view, $0) }
        }
    }

    /// The views under `view` (itself included) that show a video, front to back in tree order.
    static func videoViews(in view: View) -> [View] {
        let own: [View] = if case .video = view.content { [view] } else { [] }
        return own + view.subviews.flatMap(videoViews)
    }

    /// A video view's box in whole scene pixels: the size of the frames its player makes.
    static func boxSize(of view: View) -> PixelSize {
        PixelSize(width: max(1, Int(view.frame.width.rounded(.up))), height: max(1, Int(view.frame.height.rounded(.up))))
    }

    private func start(_ content: VideoContent, for view: View) {
        let feed = factory(content, Self.boxSize(of: view), logger)
        let player = Player(feed: feed)
        let id = ObjectIdentifier(view)
        do {
            try loop.watch(feed.readinessDescriptor) { [unowned self] in frameReady(id) }
        } catch {
            logger.error("video element \(content.source): \(error); it is not played")
            return
        }
        players[id] = player
        // Started paused: `framesForNextFrame` plays it at once when its screen is on show.
        feed.setPaused(true)
        feed.start()
    }

    private func frameReady(_ id: ObjectIdentifier) {
        guard let player = players[id], let newest = player.feed.takeNewestFrame() else { return }
        player.frame = newest
        onFrame()
    }
}
