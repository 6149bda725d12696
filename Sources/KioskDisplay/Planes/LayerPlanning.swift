import KioskEngine
import KioskOptions

/// A display that can scan layers of a frame out from planes of their own: the camera feed on
/// one, the UI with alpha above it (`DRMDisplay` on an atomic driver). Headless, fbdev and SDL
/// displays are plain `Display`s.
///
/// A frame goes in three steps, none of them hidden in the others: the compositor builds the
/// display list, the display answers `plan(_:)` for its layers before anything is painted (which
/// layers go on planes, from which buffers, checked with TEST_ONLY), the compositor paints what
/// the plan leaves to it, and `present(_:damage:plan:)` commits the frame and the plan together.
public protocol LayerPlanning: Display {
    /// Plans the frame about to be painted. On a plane the feed is not painted: the frame
    /// presented with the plan is the UI alone (premultiplied ARGB, alpha 0 where the feed
    /// shows) and may have no damage when only the feed changed; from a capture buffer, the feed
    /// frame's pixels are not read.
    func plan(_ layers: DisplayLayers) -> DisplayPlan
    /// Shows `frame` as `plan` (from `plan(_:)` or `plan(feedFrame:capture:after:)`) places its
    /// layers; only `damage` changed since the previous frame.
    func present(_ frame: PixelBuffer, damage: [PixelRect], plan: DisplayPlan) throws
    /// `last`, the plan of the frame presented last, again with `feed`, a new camera frame, from
    /// its capture buffer `capture` on the same feed plane: present it with the UI unchanged and
    /// no damage, and nothing is composed. Nil when `last` did not scan the feed out from a
    /// capture buffer of the same stream, or the plane path ended since (then compose a frame).
    func plan(feedFrame feed: PixelBuffer, capture: any CaptureBuffer, after last: DisplayPlan) -> DisplayPlan?
    /// Called when a presented frame could not be shown as planned (a plane commit the driver
    /// refused after its TEST_ONLY check passed): the caller plans and composes the next frame whole.
    var onRedrawNeeded: (() -> Void)? { get set }
}

/// The layers of a frame as the display plans them: the background feed's newest frame (at the
/// display's size) and the capture buffer it came in where the camera exports its buffers, under
/// the UI, and what of the scene keeps the feed from a plane of its own.
public struct DisplayLayers {
    public var scene: PlaneSceneState
    public var feed: PixelBuffer?
    public var capture: (any CaptureBuffer)?

    public init(scene: PlaneSceneState, feed: PixelBuffer? = nil, capture: (any CaptureBuffer)? = nil) {
        self.scene = scene
        self.feed = feed
        self.capture = capture
    }
}

/// A display's plan for one frame: where the feed goes, and for the display that made it, the
/// planes and buffers chosen. Handed back with the frame to `present(_:damage:plan:)`.
public struct DisplayPlan {
    /// Where the feed goes: composed into the frame, or on a plane of its own.
    public let placement: FeedPlacement
    /// The feed's path as `PlaneScanout` chose it; nil where nothing was chosen.
    let path: PlaneScanout.Path?
    /// The feed frame the plan shows, and on the zero-copy path the capture buffer it shows it from.
    let feed: PixelBuffer?
    let capture: (any CaptureBuffer)?
    /// The plane set-up the plan was made for: a plan outlives it only until the path ends or the output changes.
    let generation: Int

    /// A plan that only says where the feed goes, for a display that keeps its planes to itself (a test's).
    public init(placement: FeedPlacement) {
        self.init(placement: placement, path: nil, feed: nil, capture: nil, generation: 0)
    }

    init(placement: FeedPlacement, path: PlaneScanout.Path?, feed: PixelBuffer?, capture: (any CaptureBuffer)?, generation: Int) {
        self.placement = placement
        self.path = path
        self.feed = feed
        self.capture = capture
        self.generation = generation
    }

    /// Everything composed into the frame: what a display without planes always does.
    public static var composed: DisplayPlan { DisplayPlan(placement: .composed, path: nil, feed: nil, capture: nil, generation: 0) }

    /// The compositor paints the UI alone: the feed is on a plane.
    public var feedOnPlane: Bool { placement.isOnPlane }
}
