import KioskDisplay
import KioskEngine
import KioskOptions

/// A display with a feed plane in place of the DRM one, for a whole daemon: it shows frames on a
/// headless display and records what the render pacer asks of it. It puts the feed on its plane
/// from the capture buffer as `DRMDisplay` does on a card that takes the camera's format: the
/// screen shows the feed under overlays alone (no blur or tint, no transition, panel lit) and a
/// capture buffer came with the frame; else the feed is composed.
final class PlaneRecordingDisplay: Display {
    /// A call the daemon made.
    enum Call: Equatable {
        /// `planeScene`: what the frame being composed shows, its feed frame, and the answer.
        case planeScene(PlaneSceneState, feed: FeedFrame?, placement: FeedPlacement)
        /// `present` of a composed frame (the UI alone while the feed is on its plane).
        case present(damaged: Bool)
        /// `showFeedFrame`: the feed frame, the capture buffer, and whether it was shown.
        case showFeedFrame(FeedFrame, capture: CaptureBufferID, shown: Bool)
    }

    private let screen: HeadlessDisplay
    private(set) var calls: [Call] = []
    /// Where the last frame presented put the feed: `showFeedFrame` shows a frame only from a capture buffer.
    private var placement: FeedPlacement = .composed
    private var nextPlacement: FeedPlacement = .composed
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
        calls.append(.present(damaged: !damage.isEmpty))
        if let presentError { throw presentError }
        placement = nextPlacement
        try screen.present(frame, damage: damage)
    }

    func setPowerSaving(_ enabled: Bool) throws {
        try screen.setPowerSaving(enabled)
    }

    func close() {
        screen.close()
    }

    func planeScene(_ scene: PlaneSceneState, feed: PixelBuffer?, capture: (any CaptureBuffer)?) -> FeedPlacement {
        let onPlane = scene.showsFeed && !scene.feedCovered && !scene.transitionRunning && !scene.panelDark
        nextPlacement = onPlane && feed != nil && capture != nil ? .planeFromCaptureBuffer : .composed
        calls.append(.planeScene(scene, feed: feed.map(FeedFrame.init), placement: nextPlacement))
        return nextPlacement
    }

    func showFeedFrame(_ feed: PixelBuffer, capture: any CaptureBuffer) throws -> Bool {
        let shown = placement == .planeFromCaptureBuffer && nextPlacement == .planeFromCaptureBuffer
        calls.append(.showFeedFrame(FeedFrame(feed), capture: capture.id, shown: shown))
        return shown
    }
}
