import KioskEngine
import KioskOptions

/// Decides, frame by frame, whether the camera screen is scanned out from two planes (the feed on
/// one, the UI with alpha above it) or composed on the CPU, and why.
///
/// Pure value logic: the planes come from `DRMDevice.planes()`, the scene from the runtime, and the
/// driver has the last word through the TEST_ONLY commit of each layout this returns.
///
/// The assignment is our own rather than libliftoff's: there are only ever two layers (the feed and
/// the UI) on one CRTC, so the search is a few plane pairs, and doing it here keeps it testable
/// without a card, keeps the reason for every fallback in our log ("no plane takes YUYV", "a
/// transition is running") instead of inside a library that only answers "composited", and adds no
/// C dependency. libliftoff pays off with many layers or outputs competing for planes, which a
/// kiosk's one camera screen never has.
public struct PlanePlanner: Equatable, Sendable {
    public var setting: DisplayPlanes
    /// The driver offers atomic modesetting (TEST_ONLY commits need it).
    public var atomic: Bool
    public var planes: [DRMPlaneInfo]
    /// The index of the output's CRTC in the card's CRTC list.
    public var crtcIndex: Int
    /// The mode's size: both planes cover it.
    public var screen: PixelSize
    public var rotated: Bool

    public init(setting: DisplayPlanes, atomic: Bool, planes: [DRMPlaneInfo], crtcIndex: Int, screen: PixelSize,
                rotated: Bool = false) {
        self.setting = setting
        self.atomic = atomic
        self.planes = planes
        self.crtcIndex = crtcIndex
        self.screen = screen
        self.rotated = rotated
    }

    /// The layouts to try for this frame, best first, or why the frame is composed.
    public func plan(scene: PlaneSceneState, feed: PlaneFeed?) -> PlanePlan {
        if setting == .off { return .compose(.planesOff) }
        if !atomic { return .compose(.noAtomic) }
        if scene.panelDark { return .compose(.panelDark) }
        guard scene.showsFeed, let feed, feed.size.width > 0, feed.size.height > 0 else { return .compose(.noFeed) }
        if scene.transitionRunning { return .compose(.transitionRunning) }
        if scene.feedCovered { return .compose(.feedCovered) }
        if rotated { return .compose(.rotated) }

        let stack = stackedPlanes()
        guard stack.contains(where: { $0.kind == .primary }) else {
            return .compose(.noPlanes("no primary plane feeds CRTC index \(crtcIndex)"))
        }
        let whole = PixelRect(x: 0, y: 0, width: screen.width, height: screen.height)
        let zeroCopyFormat = DRMFormat.scanout(of: feed.format)
        var zeroCopy: [PlaneLayout] = []
        var converted: [PlaneLayout] = []
        // The UI plane from the top down, the feed plane any plane below it; one of the two is the
        // primary, which drivers (vkms, i915) want enabled whenever the CRTC is on.
        for (uiRank, ui) in stack.enumerated().reversed() where ui.formats.contains(.argb8888) {
            for feedPlane in stack[..<uiRank].reversed() where ui.kind == .primary || feedPlane.kind == .primary {
                if let zeroCopyFormat, feedPlane.formats.contains(zeroCopyFormat) {
                    zeroCopy.append(PlaneLayout(feedPlaneID: feedPlane.id, feedFormat: zeroCopyFormat, feedBuffer: .captureBuffer,
                                                feedSource: Self.aspectFillSource(feed.size, screen: screen),
                                                uiPlaneID: ui.id, uiFormat: .argb8888, destination: whole))
                }
                if feedPlane.formats.contains(.xrgb8888) {
                    converted.append(PlaneLayout(feedPlaneID: feedPlane.id, feedFormat: .xrgb8888, feedBuffer: .convertedDumbBuffer,
                                                 feedSource: whole, uiPlaneID: ui.id, uiFormat: .argb8888, destination: whole))
                }
            }
        }
        // Unscaled zero-copy first (nothing to do per frame), then scaled zero-copy, then converted.
        let ordered = zeroCopy.filter { !$0.scalesFeed } + zeroCopy.filter(\.scalesFeed) + converted
        guard !ordered.isEmpty else {
            let feedFormats = ([zeroCopyFormat].compactMap { $0 } + [.xrgb8888]).map(\.description).joined(separator: " or ")
            return .compose(.noPlanes("no plane of CRTC index \(crtcIndex) takes \(feedFormats) under a plane that takes AR24"))
        }
        return .planes(ordered)
    }

    /// The planes that can feed the CRTC, bottom first: by zpos where every one has it, else the
    /// conventional order (primary, overlays by id, cursor). Cursor planes are left out: they are
    /// small and often limited to their own sizes.
    func stackedPlanes() -> [DRMPlaneInfo] {
        let candidates = planes.filter { $0.canFeed(crtcIndex: crtcIndex) && $0.kind != .cursor }
        if candidates.allSatisfy({ $0.zpos != nil }) {
            return candidates.sorted { ($0.zpos!, $0.id) < ($1.zpos!, $1.id) }
        }
        return candidates.sorted { ($0.kind == .primary ? 0 : 1, $0.id) < ($1.kind == .primary ? 0 : 1, $1.id) }
    }

    /// The centred part of a `frame`-sized picture that fills `screen` with the aspect kept.
    static func aspectFillSource(_ frame: PixelSize, screen: PixelSize) -> PixelRect {
        // Compare frame.w/frame.h with screen.w/screen.h without rounding.
        if frame.width * screen.height > screen.width * frame.height {
            let width = (screen.width * frame.height + screen.height / 2) / screen.height
            return PixelRect(x: (frame.width - width) / 2, y: 0, width: width, height: frame.height)
        }
        let height = (screen.height * frame.width + screen.width / 2) / screen.width
        return PixelRect(x: 0, y: (frame.height - height) / 2, width: frame.width, height: height)
    }
}
