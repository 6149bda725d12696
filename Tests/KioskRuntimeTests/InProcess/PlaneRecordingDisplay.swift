import KioskDisplay
import KioskEngine
import KioskOptions

/// A display with a feed plane in place of the DRM one, for a whole daemon: it shows frames on a
/// headless display and records what the render pacer asks of it. It puts the feed on its plane
/// from the capture buffer as `DRMDisplay` does on a card that takes the camera's format: the
/// screen shows the feed under overlays alone (no blur or tint, no transition, panel lit) and a
/// capture buffer came with the frame; else the feed is composed.
final class PlaneRecordingDisplay: LayerPlanning {
    /// A call the daemon made.
    enum Call: Equatable {
        /// `plan`: what the frame about to be painted shows, its feed frame, and where the plan puts the feed.
        case plan(PlaneSceneState, feed: FeedFrame?, placement: FeedPlacement)
        /// `present` of a composed frame (the UI alone while the feed is on its plane).
        case present(damaged: Bool)
        /// `plan(feedFrame:)`: a camera frame alone, its capture buffer, and whether it can be shown at once.
        case planFeedFrame(FeedFrame, capture: CaptureBufferID, shown: Bool)
    }

    private let screen: HeadlessDisplay
    private(set) var calls: [Call] = []
    /// Where the last frame presented put the feed: a camera frame alone is shown only from a capture buffer.
    private var placement: FeedPlacement = .composed
    var onRedrawNeeded: (() -> Void)?
    /// While set, `present` throws it (a display that keeps failing).
    var presentError: (any Error)?

    init(showingOn screen: HeadlessDisplay) {
        self.screen = screen
    }

    /// The calls made since the last time, in order.
    @discardableResult
    func takeCalls() -> [Call] {
        defer { calls = [] }
        return calls
    }

    var size: (width: Int, height: Int) { screen.size }
    var refreshRate: Double { screen.refreshRate }
    var frameClock: any FrameClock { screen.frameClock }
    var pollDescriptors: [Int32] { screen.pollDescriptors }
    var supportsPowerSaving: Bool { screen.supportsPowerSaving }

    func handleReadable(_ descriptor: Int32) throws {
        try screen.handleReadable(descriptor)
    }

    func scheduleFrame() {
        screen.scheduleFrame()
    }

    func present(_ frame: PixelBuffer, damage: [PixelRect]) throws {
        try present(frame, damage: damage, plan: .composed)
    }

    func present(_ frame: PixelBuffer, damage: [PixelRect], plan: DisplayPlan) throws {
        calls.append(.present(damaged: !damage.isEmpty))
        if let presentError { throw presentError }
        placement = plan.placement
        try screen.present(frame, damage: damage)
    }

    func setPowerSaving(_ enabled: Bool) throws {
        try screen.setPowerSaving(enabled)
    }

    func close() {
        screen.close()
    }

    func plan(_ layers: DisplayLayers) -> DisplayPlan {
        let scene = layers.scene
        let onPlane = scene.showsFeed && !scene.feedCovered && !scene.transitionRunning && !scene.panelDark
        let placement: FeedPlacement = onPlane && layers.feed != nil && layers.capture != nil ? .planeFromCaptureBuffer : .composed
        calls.append(.plan(scene, feed: layers.feed.map(FeedFrame.init), placement: placement))
        return DisplayPlan(placement: placement)
    }

    func plan(feedFrame feed: PixelBuffer, capture: any CaptureBuffer, after last: DisplayPlan) -> DisplayPlan? {
        let shown = placement == .planeFromCaptureBuffer && last.placement == .planeFromCaptureBuffer
        calls.append(.planFeedFrame(FeedFrame(feed), capture: capture.id, shown: shown))
        return shown ? DisplayPlan(placement: .planeFromCaptureBuffer) : nil
    }
}
