import Foundation
import KioskCompositor
import KioskDisplay
import KioskEngine
import KioskOptions
import Logging

/// Draws a frame only at a vsync after something changed, and lets the display rest otherwise.
///
/// A touch or a camera frame calls `requestFrame()`: the render link unpauses and the display is
/// asked for a vsync. The display's tick runs the engine's animations and the render link marks a
/// frame due; `frameTickDelivered()` then composes what changed and presents it. Nothing moving
/// means no ticks, no drawing and no wake-ups.
final class RenderPacer {
    private let display: any Display
    /// The same display where it plans frames onto planes (DRM); nil for one that composes all.
    private let planning: (any LayerPlanning)?
    let compositor: Compositor
    private let context: DaemonContext
    private unowned let sceneHost: SceneHost
    /// The background to draw behind the screens (the camera's newest frame).
    var background: () -> PixelBuffer? = { nil }
    /// The capture buffer `background()`'s frame came in, where the camera exports its buffers (zero-copy).
    var backgroundCapture: () -> (any CaptureBuffer)? = { nil }
    /// Hears where the display's plan put the feed of the frame about to be painted (the camera
    /// converts a frame its thread left unconverted unless it is scanned out from its own buffer).
    var feedPlaced: (FeedPlacement) -> Void = { _ in }
    /// Converts `background()`'s frame now if the camera's thread left it unconverted (a screenshot of the plane path).
    var completeBackground: () -> Void = {}
    /// The video elements' newest frames, by view (`VideoElementPlayers`).
    var videoFrames: () -> [ObjectIdentifier: PixelBuffer] = { [:] }
    /// The first frame is on screen.
    var onFirstFrame: () -> Void = {}
    /// A frame reached the display, with the seconds its composition took.
    var onFramePresented: (Double) -> Void = { _ in }
    /// A due frame was handled (drawn or found unchanged).
    var onFrameHandled: () -> Void = {}
    /// While true (a blanked panel), no frame is requested.
    var isSuspended = false
    /// A panel was plugged in (true) or the last one unplugged (false).
    var onOutputConnectionChanged: (Bool) -> Void = { _ in }

    private var renderLink: DisplayLink?
    /// Draws views that lacked a picture again, so a good file put at the path shows up.
    private var contentRetry: (any DaemonTimer)?
    private var contentRetryScheduled = false
    /// Seconds between tries at a picture that could not be drawn.
    static let contentRetryInterval = 5.0
    private var frameDue = false
    private var watchedDescriptors: Set<Int32> = []
    private var presentFailureLogged = false
    private var lastPresentTime = -Double.infinity
    private(set) var firstFramePresented = false
    private(set) var latency = LatencyRecorder()
    /// True when the display reports flips, so latency runs to the flip event, not the present.
    private var measuresToFlip = false
    private var presentCount = 0
    private(set) var composeTimes = RunningStatistics()
    /// The feed frame the display was last given while the feed was on its own plane.
    private var feedOnPlaneShown: FeedFrame?
    /// The display's plan for the last frame presented.
    private var lastPlan: DisplayPlan = .composed

    init(display: any Display, compositor: Compositor, context: DaemonContext, sceneHost: SceneHost) {
        self.display = display
        planning = display as? any LayerPlanning
        self.compositor = compositor
        self.context = context
        self.sceneHost = sceneHost
    }

    private var loop: EventLoop { context.loop }
    private var clock: any DaemonClock { context.clock }
    private var logger: Logger { context.logger }

    /// Subscribes to the display's ticks and watches its descriptors.
    func start() throws {
        renderLink = display.frameClock.addDisplayLink { [unowned self] _ in frameDue = true }
        measuresToFlip = display.observeFramesShown { [weak self] shown in
            self?.latency.framesShown(at: shown.time, presentsCovered: shown.presentsCovered)
        }
        display.onOutputConnectionChanged = { [unowned self] connected in
            // Nothing was composed while unplugged: the panel gets a whole new frame at once
            // (a dark panel gets it when it wakes).
            if connected {
                invalidate()
                if !isSuspended { render() }
            }
            onOutputConnectionChanged(connected)
        }
        planning?.onRedrawNeeded = { [unowned self] in
            // Called from inside a present: the whole frame is asked for once this turn is over.
            loop.atEndOfTurn { [weak self] in
                self?.invalidate()
                self?.requestFrame()
            }
        }
        contentRetry = try clock.makeTimer { [unowned self] in
            contentRetryScheduled = false
            compositor.retryFailedContent()
            requestFrame()
        }
        try watchDisplayDescriptors()
    }

    /// Stops the render link and forgets the display's descriptors.
    func stop() {
        display.onOutputConnectionChanged = nil
        planning?.onRedrawNeeded = nil
        renderLink?.invalidate()
        renderLink = nil
        contentRetry?.cancel()
        contentRetry = nil
        watchedDescriptors.forEach(loop.unwatch)
        watchedDescriptors = []
    }

    /// The last composed frame, as the display shows it (rotated); with the feed on a plane of its
    /// own, the UI laid over the newest feed frame (never rotated: a rotated display composes).
    var lastFrame: PixelBuffer { compositor.shownFrame(feed: convertedBackground()) }
    var lastUprightFrame: PixelBuffer { compositor.feedOnPlane ? compositor.shownFrame(feed: convertedBackground()) : compositor.upright }

    /// Reads back what the display hardware scans out (a DRM writeback connector); false where it
    /// cannot, and `lastFrame` is the picture then. `completion` runs on the loop.
    func captureScanout(_ completion: @escaping (Result<PixelBuffer, DisplayError>) -> Void) -> Bool {
        guard display.captureScanout(completion) else { return false }
        do { try watchDisplayDescriptors() } catch { logger.error("display: \(error)") }
        return true
    }

    /// The newest feed frame with its pixels, converted now if the feed is scanned out from its capture buffer.
    private func convertedBackground() -> PixelBuffer? {
        completeBackground()
        return background()
    }

    /// Asks for a frame at the next vsync.
    func requestFrame() {
        guard !isSuspended, let renderLink else { return }
        renderLink.isPaused = false
        display.scheduleFrame()
    }

    /// A new camera frame arrived. While the last frame scanned the feed out from its capture
    /// buffer and nothing else is to be drawn (no frame due, nothing animating), the display shows
    /// the new buffer at once: nothing is composed and no tick is waited for, so a camera frame
    /// costs the loop one commit. Otherwise a frame is requested as for any change.
    func feedFrameArrived() {
        if lastPlan.placement == .planeFromCaptureBuffer, !frameDue, renderLink?.isPaused == true, !isSuspended,
           let planning, let feed = background(), let capture = backgroundCapture(),
           let plan = planning.plan(feedFrame: feed, capture: capture, after: lastPlan) {
            do {
                // The UI as last painted, unchanged: the feed plane's buffer alone is committed.
                try planning.present(compositor.frame, damage: [], plan: plan)
                lastPlan = plan
                feedOnPlaneShown = FeedFrame(feed)
                presentFailureLogged = false
                return
            } catch {
                presentFailed(error)
            }
        }
        requestFrame()
    }

    /// The display's plan for a frame showing `scene` over `feed` (in `capture`); composed on a display without planes.
    private func planFrame(_ scene: PlaneSceneState, feed: PixelBuffer?, capture: (any CaptureBuffer)?) -> DisplayPlan {
        planning?.plan(DisplayLayers(scene: scene, feed: feed, capture: capture)) ?? .composed
    }

    /// Commits `frame` as `plan` places its layers.
    private func present(_ frame: PixelBuffer, damage: [PixelRect], plan: DisplayPlan) throws {
        if let planning {
            try planning.present(frame, damage: damage, plan: plan)
        } else {
            try display.present(frame, damage: damage)
        }
    }

    /// Logs a failed present once until one succeeds again, so a display that keeps failing does not flood the log.
    private func presentFailed(_ error: any Error) {
        if !presentFailureLogged { logger.error("display: \(error)") }
        presentFailureLogged = true
    }

    /// Redraws everything at the next frame (after a wake or a new scene).
    func invalidate() {
        compositor.invalidate()
    }

    /// A touch with time `time` changed the picture: the next presented frame measures its latency.
    func inputChangedPicture(at time: Double) {
        latency.inputArrived(at: time)
    }

    /// Draws now when no frame went out for a whole period: the display is idle, so input can be
    /// shown at once instead of at the next tick, and the flip lands on the next vsync.
    func renderIfIdle() {
        guard !isSuspended, clock.now - lastPresentTime >= 1 / display.refreshRate else { return }
        render()
    }

    /// Called after the display delivered a tick: draws the frame the tick made due, and keeps
    /// ticking only while the engine still animates.
    func frameTickDelivered() {
        guard frameDue, let renderLink else { return }
        frameDue = false
        // Dark: a tick that was already due draws nothing; waking asks for the frame again.
        guard !isSuspended else {
            renderLink.isPaused = true
            return
        }
        render()
        renderLink.isPaused = true
        if display.frameClock.wantsTicks {
            renderLink.isPaused = false
        } else {
            // At rest: whatever happened is on disk for whoever tails the log.
            context.eventsLog?.flush()
        }
        onFrameHandled()
    }

    /// True when nothing but the render link itself wants ticks: every animation is at rest.
    var animationsAtRest: Bool {
        guard let renderLink else { return !display.frameClock.wantsTicks }
        let wasPaused = renderLink.isPaused
        renderLink.isPaused = true
        defer { renderLink.isPaused = wasPaused }
        return !display.frameClock.wantsTicks
    }

    /// Shows one black frame (a panel darkened by `blank-method = "black"`); the next frame redraws everything.
    func presentBlack() {
        let size = display.size
        // The black frame is composed: the feed leaves its plane.
        lastPlan = planFrame(PlaneSceneState(showsFeed: false, panelDark: true), feed: nil, capture: nil)
        feedPlaced(lastPlan.placement)
        feedOnPlaneShown = nil
        do {
            try present(PixelBuffer(width: size.width, height: size.height),
                        damage: [PixelRect(x: 0, y: 0, width: size.width, height: size.height)], plan: lastPlan)
            presentFailureLogged = false
        } catch {
            presentFailed(error)
        }
        compositor.invalidate()
    }

    func render() {
        guard display.isOutputConnected else {
            // No panel to show it on (unplugged, or none yet): nothing is composed, but the
            // daemon is up all the same, so systemd hears READY.
            if !firstFramePresented {
                firstFramePresented = true
                onFirstFrame()
            }
            return
        }
        let started = clock.now
        let scene = sceneHost.scene
        let feed = background()
        let capture = backgroundCapture()
        // The display list, then the display's plan for it, then the painting of what the plan leaves to the CPU.
        let list = compositor.displayList(root: scene.rootView, background: feed, videos: videoFrames())
        let plan = planFrame(PlaneSceneState(showsFeed: list.coverage.showsFeed, feedCovered: list.coverage.feedCovered,
                                             transitionRunning: scene.container.isTransitioning, panelDark: isSuspended),
                             feed: feed, capture: capture)
        // Before the compositor reads the feed: a frame left unconverted is converted here when it is composed or copied.
        feedPlaced(plan.placement)
        lastPlan = plan
        let damage = compositor.paint(list, feedOnPlane: plan.feedOnPlane)
        for message in compositor.takeContentErrors() { logger.error("\(message)") }
        if compositor.hasFailedContent, !contentRetryScheduled, let contentRetry {
            contentRetryScheduled = true
            contentRetry.schedule(at: clock.now + Self.contentRetryInterval, repeatingEvery: nil)
        }
        // On its own plane a new feed frame is no damage to the UI: the display commits the frame alone.
        let feedFrame = feed.map(FeedFrame.init)
        let newFeedOnPlane = compositor.feedOnPlane && feedFrame != nil && feedFrame != feedOnPlaneShown
        feedOnPlaneShown = compositor.feedOnPlane ? feedFrame : nil
        guard !damage.isEmpty || newFeedOnPlane else { return }
        let composeSeconds = clock.now - started
        composeTimes.add(composeSeconds)
        do {
            try present(compositor.frame, damage: damage, plan: plan)
            presentFailureLogged = false
        } catch {
            presentFailed(error)
            return
        }
        let presented = clock.now
        // Composing and copying into the display's buffer are what a frame must start ahead for.
        display.compositionTook(presented - started)
        lastPresentTime = presented
        presentCount += 1
        if measuresToFlip {
            latency.framePresented(number: presentCount)
        } else {
            latency.framePresented(at: presented)
        }
        context.eventsLog?.frame(t: context.logTime(presented), sequence: composeTimes.count,
                                 screen: scene.container.selectedIndex, progress: scene.container.transitionProgress,
                                 composeMilliseconds: composeSeconds * 1000)
        onFramePresented(composeSeconds)
        if !firstFramePresented {
            firstFramePresented = true
            onFirstFrame()
        }
    }

    /// Input-to-screen latency over a replay, against the goal of one refresh plus the composition.
    var latencyReport: String {
        let period = 1000 / display.refreshRate
        let compose = composeTimes.percentile(0.99) * 1000
        guard let p50 = latency.percentile(0.5), let p90 = latency.percentile(0.9), let p99 = latency.percentile(0.99) else {
            return "latency: no touch reached the screen"
        }
        return Self.latencyLine(count: latency.samples.count, p50: p50 * 1000, p90: p90 * 1000, p99: p99 * 1000,
                                period: period, compose: compose)
    }

    /// The latency line from figures in milliseconds; the goal is judged on the figures as shown
    /// (to 0.1 ms), so a p99 printed equal to its goal is "met".
    static func latencyLine(count: Int, p50: Double, p90: Double, p99: Double, period: Double, compose: Double) -> String {
        let goal = period + compose
        let shown = { (value: Double) in (value * 10).rounded() / 10 }
        return String(format: "latency input->frame on screen over %d touch events: p50 %.1f ms, p90 %.1f ms, p99 %.1f ms; "
                      + "refresh period %.1f ms, composition p99 %.2f ms; goal p99 <= %.1f ms: %@",
                      count, p50, p90, p99, period, compose, goal, shown(p99) <= shown(goal) ? "met" : "missed")
    }

    private func watchDisplayDescriptors() throws {
        let current = Set(display.pollDescriptors)
        for descriptor in watchedDescriptors.subtracting(current) { loop.unwatch(descriptor) }
        for descriptor in current.subtracting(watchedDescriptors) {
            try loop.watch(descriptor) { [unowned self] in displayReadable(descriptor) }
        }
        watchedDescriptors = current
    }

    private func displayReadable(_ descriptor: Int32) {
        do {
            try display.handleReadable(descriptor)
            try watchDisplayDescriptors()
        } catch {
            logger.error("display: \(error)")
        }
        // Touches that became readable with the tick go into its frame.
        loop.atEndOfTurn { [weak self] in self?.frameTickDelivered() }
    }
}
