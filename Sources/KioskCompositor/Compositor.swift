import CKioskPixels
import CPixman
import Foundation
import KioskEngine

/// Turns a view tree into pixels, redrawing only what changed since the previous frame.
///
/// Each frame the tree is flattened into a display list and compared with the previous one; the
/// difference is the damage. Inside the damage, each item draws only where nothing opaque covers
/// it: with SRC where it is itself opaque, OVER elsewhere, so most pixels are written once. A
/// feed frame faded into its blurred copy is blended in one pass. An idle tree costs one walk.
public final class Compositor {
    public let displayWidth: Int
    public let displayHeight: Int
    public let rotation: Rotation
    /// The finished frame in display orientation (XRGB8888), ready to hand to the display.
    public let output: PixelBuffer
    /// Blend a feed and its fading blurred copy in one pass; off draws them as two pixman layers.
    public var fusesFade = true
    /// Draw layers under a perspective map with the scanline kernel (`kiosk_perspective_boxes_pooled`);
    /// off hands them to pixman's generic projective path, the reference the kernel is tested against.
    public var usesPerspectiveKernel = true

    private let sceneWidth: Int
    private let sceneHeight: Int
    /// Where the views are drawn: `output` itself unless the display is rotated, `uiFrame` while
    /// the feed is on a plane of its own.
    var scene: PixelBuffer
    var sceneImage: PixmanImage
    private let outputImage: PixmanImage
    /// The UI drawn without the feed, premultiplied ARGB, made the first time the feed goes on a plane.
    private var uiTarget: (buffer: PixelBuffer, image: PixmanImage)?
    /// The last frame was drawn as the UI alone, transparent where the feed shows (`feedOnPlane`).
    public private(set) var feedOnPlane = false
    let surfaces = LayerSurfaceCache()
    /// Which version of each picture file the surfaces show.
    private let pictures = PictureIdentities()
    let clipMasks = ClipMaskCache()
    let workers: WorkerPool
    private var blurs: [BlurKey: BackgroundBlur] = [:]
    private var previous: [DisplayItem] = []
    private var previousVisible: [Region] = []
    private var hasFrame = false
    var frameNumber: UInt64 = 0

    private struct BlurKey: Hashable {
        var style: BlurStyle
        var width: Int
        var height: Int
    }

    /// - Parameters:
    ///   - displayWidth, displayHeight: the panel's mode, in pixels.
    ///   - rotation: applied in the final pass; the views are laid out in the rotated size (`sceneSize`).
    ///   - threads: how many threads draw the heavy layers, this one included; nil takes
    ///     `SWIPE_KIOSK_THREADS`, else the CPU count up to 4. The pixels are the same for any count.
    public init(displayWidth: Int, displayHeight: Int, rotation: Rotation = .none, threads: Int? = nil) {
        precondition(displayWidth > 0 && displayHeight > 0, "display size must be positive")
        self.displayWidth = displayWidth
        self.displayHeight = displayHeight
        self.rotation = rotation
        (sceneWidth, sceneHeight) = rotation.sceneSize(displayWidth: displayWidth, displayHeight: displayHeight)
        output = PixelBuffer(width: displayWidth, height: displayHeight)
        outputImage = PixmanImage(output, opaque: true)
        workers = WorkerPool(threads: threads ?? WorkerPool.threadCount(environment: ProcessInfo.processInfo.environment,
                                                                        processors: ProcessInfo.processInfo.activeProcessorCount))
        if rotation == .none {
            scene = output
            sceneImage = outputImage
        } else {
            // Never put on a plane (the planner composes a rotated display), so `scene` stays this buffer.
            scene = PixelBuffer(width: sceneWidth, height: sceneHeight)
            sceneImage = PixmanImage(scene, opaque: true)
        }
    }

    /// The last composed frame upright, as the scene is laid out and a person at the panel sees
    /// it (`output` turned back); the same buffer as `output` when the display is not rotated.
    public var upright: PixelBuffer { scene }

    /// The threads drawing the heavy layers, this one included.
    public var threads: Int { workers.threads }

    /// The size the root view should have: the display's size, turned by the rotation.
    public var sceneSize: Size { Size(width: Double(sceneWidth), height: Double(sceneHeight)) }

    /// Content that could not be drawn since the last call (an unreadable image, say), for the log.
    public func takeContentErrors() -> [String] { surfaces.takeErrors() }

    /// Whether some view was drawn without its content (each problem is reported once).
    public var hasFailedContent: Bool { surfaces.hasFailedSurfaces }

    /// Draws the views that lacked their content again at the next frame, from the files as they
    /// are now; a problem that persists is not reported again.
    public func retryFailedContent() {
        surfaces.dropFailedSurfaces()
        invalidate()
    }

    /// The frame to hand to the display: `output`, or the UI alone (`uiFrame`) while the feed is on a plane.
    public var frame: PixelBuffer { feedOnPlane ? scene : output }

    /// Draws `root` over `background` (the newest feed frame, shown by views with feed content)
    /// into `output`, with each video element's newest frame from `videos` (by the identity of the
    /// view showing it, fitted to its size), and returns the display rectangles that changed;
    /// empty when nothing did. The feed is composed: `displayList` and `paint` are the two halves
    /// for a display that may put it on a plane of its own.
    @discardableResult
    public func render(root: View, background: PixelBuffer?, videos: [ObjectIdentifier: PixelBuffer] = [:]) -> [PixelRect] {
        paint(displayList(root: root, background: background, videos: videos), feedOnPlane: false)
    }

    /// The first half of a frame: `root` flattened into its display list, nothing drawn yet. Its
    /// `coverage` says what the frame shows of the feed, for the display to plan the frame from.
    public func displayList(root: View, background: PixelBuffer?, videos: [ObjectIdentifier: PixelBuffer] = [:]) -> FrameDisplayList {
        frameNumber += 1
        var builder = makeBuilder(background: background)
        builder.videos = videos
        let items = builder.build(root: root)
        var coverage = FeedCoverage(items, screen: PixelRect(x: 0, y: 0, width: sceneWidth, height: sceneHeight))
        // A turned scene is turned into `output` on the CPU: its feed is never on a plane.
        if rotation != .none || background == nil { coverage.showsFeed = false }
        return FrameDisplayList(items: items, background: background, videos: videos, coverage: coverage)
    }

    /// The second half: draws `list` and returns the display rectangles that changed. With
    /// `feedOnPlane` (the display's plan put the feed on a plane of its own, and the list shows
    /// it) the frame is drawn into `frame` as the UI alone (premultiplied ARGB, alpha 0 where the
    /// feed shows) and a new feed frame by itself is no damage. Switching between the two redraws everything.
    public func paint(_ list: FrameDisplayList, feedOnPlane planned: Bool) -> [PixelRect] {
        let screen = PixelRect(x: 0, y: 0, width: sceneWidth, height: sceneHeight)
        var items = list.items
        defer { dropBlursUnlessShown(items) }
        let onPlane = planned && list.coverage.showsFeed
        if onPlane != feedOnPlane { switchTarget(feedOnPlane: onPlane) }
        if onPlane {
            // The plane shows each new feed frame; the UI drawn over it has not changed.
            for index in items.indices where items[index].source == .backgroundFeed { items[index].feedFrame = nil }
        }

        var visible = [Region](repeating: Region(), count: items.count)
        let covered = Region()
        for index in items.indices.reversed() {
            let region = Region(items[index].bounds)
            region.subtract(covered)
            visible[index] = region
            for rect in items[index].opaqueRects { covered.add(rect) }
        }

        let damage = hasFrame ? damageSincePrevious(items, visible, videos: list.videos) : Region(screen)
        previous = items
        previousVisible = visible
        hasFrame = true
        guard !damage.isEmpty else {
            surfaces.trim()
            return []
        }

        paint(items, visible: visible, covered: covered, damage: damage, background: list.background, videos: list.videos)
        surfaces.trim()
        clipMasks.evict(before: frameNumber)
        let rects = damage.rects
        if rotation == .none { return rects }
        return rects.map { rotateIntoOutput($0) }
    }

    /// Draws the content of every view under `root` into the surface cache without showing
    /// anything, so a screen's first appearance (a card, its shadow, its text) costs no drawing
    /// in the middle of a swipe. `root` is laid out as if it were the whole scene.
    public func prepare(_ root: View) {
        for item in makeBuilder(background: nil).build(root: root) {
            if case .surface(let key) = item.source { _ = surfaces.surface(for: key, frame: frameNumber) }
        }
    }

    /// The display list builder for this frame: surfaces are claimed for it, pictures keyed by their file's version.
    private func makeBuilder(background: PixelBuffer?) -> DisplayListBuilder {
        var builder = DisplayListBuilder(sceneSize: PixelRect(x: 0, y: 0, width: sceneWidth, height: sceneHeight), background: background)
        builder.onSurface = { [surfaces, frameNumber] view, key in surfaces.claim(key, by: view, frame: frameNumber) }
        builder.pictureIdentity = { [pictures] path in pictures.identity(of: path) }
        return builder
    }

    /// Looks again at every picture file drawn so far (a reload does): a view whose file was
    /// replaced (another size, modification time or inode) is drawn from the new file at the next
    /// frame, and only those; returns the paths that changed.
    @discardableResult
    public func refreshPictures() -> [String] {
        pictures.refresh()
    }

    /// Picture files decoded so far: each picture is decoded once, and again only when its file changes.
    public var picturesDecoded: Int { surfaces.picturesDecoded }

    /// Lets go of the surfaces of every view under `root` (a screen out of reach): they are
    /// dropped unless another view shows the same; `prepare` or a frame that shows them draws them again.
    public func release(_ root: View) {
        root.forEachInTree { surfaces.unclaim($0) }
        surfaces.trim()
    }

    /// Drops what no view shows any more (content replaced, views gone) and what is over the
    /// surface budget. Every frame does it; call it when idle too, after a scene was replaced, say.
    public func trimCaches() {
        surfaces.trim()
    }

    /// Blurred copies of the feed held now.
    public var blurCount: Int { blurs.count }

    /// What the caches hold now: drawn surfaces, their bytes, and text layouts.
    public var cacheSize: (surfaces: Int, bytes: Int, textLayouts: Int) {
        (surfaces.count, surfaces.bytes, surfaces.textLayouts.count)
    }

    /// Surfaces drawn so far: a frame that draws one draws content from scratch.
    public var surfacesPainted: Int { surfaces.paintedCount }

    /// The most bytes drawn surfaces may keep; the current frame's are kept whatever they take.
    public var surfaceBudget: Int {
        get { surfaces.budgetBytes }
        set { surfaces.budgetBytes = newValue }
    }

    /// Forgets the previous frame, so the next render redraws everything (after a display reset, say).
    public func invalidate() {
        hasFrame = false
    }

    private func damageSincePrevious(_ items: [DisplayItem], _ visible: [Region], videos: [ObjectIdentifier: PixelBuffer]) -> Region {
        let damage = Region()
        var previousIndex: [DisplayItem.ID: Int] = [:]
        for (index, item) in previous.enumerated() { previousIndex[item.id] = index }
        let currentIDs = Set(items.map(\.id))
        // Rank among the items both frames share: a changed rank is a change of z-order.
        var previousRank: [DisplayItem.ID: Int] = [:]
        for item in previous where currentIDs.contains(item.id) { previousRank[item.id] = previousRank.count }
        var rank = 0
        for (index, item) in items.enumerated() {
            guard let before = previousIndex[item.id] else {
                damage.add(visible[index])
                continue
            }
            if previousRank[item.id] == rank, let changed = changedInside(previous[before], item, videos: videos) {
                changed.intersect(visible[index])
                damage.add(changed)
            } else if previous[before] != item || previousRank[item.id] != rank {
                damage.add(visible[index])
                damage.add(previousVisible[before])
            }
            rank += 1
        }
        for (index, item) in previous.enumerated() where !currentIDs.contains(item.id) {
            damage.add(previousVisible[index])
        }
        return damage
    }

    /// The screen pixels a video or web frame changed, when that is all that changed about its
    /// item: the same buffer drawn one to one where it was, with the rectangles its producer marked
    /// (`PixelBuffer.markChanged`, a page's damage). Nil when anything else changed or it is not known.
    private func changedInside(_ before: DisplayItem, _ item: DisplayItem, videos: [ObjectIdentifier: PixelBuffer]) -> Region? {
        guard case .videoFeed = item.source, let old = before.feedFrame, let new = item.feedFrame,
              old.buffer == new.buffer, item.matrix.isIntegerTranslation,
              let frame = videos[item.id.view], ObjectIdentifier(frame) == new.buffer,
              Double(frame.width) == item.size.width, Double(frame.height) == item.size.height else { return nil }
        var same = item
        same.feedFrame = old
        guard same == before, let rects = frame.changedRects(since: old.sequence) else { return nil }
        let x = Int(item.matrix.g), y = Int(item.matrix.h)
        return Region(rects.map { PixelRect(x: $0.x + x, y: $0.y + y, width: $0.width, height: $0.height) })
    }

    /// The picture on screen as one opaque frame, for screenshots: `output`, or while the feed is
    /// on a plane, the UI laid over `feed` as the display's planes blend them.
    public func shownFrame(feed: PixelBuffer?) -> PixelBuffer {
        guard feedOnPlane, let ui = uiTarget else { return output }
        let frame = PixelBuffer(width: displayWidth, height: displayHeight)
        frame.fill(0xFF00_0000)
        let target = PixmanImage(frame, opaque: true)
        if let feed {
            let source = PixmanImage(feed, opaque: true)
            pixman_image_composite32(PIXMAN_OP_SRC, source.raw, nil, target.raw, 0, 0, 0, 0, 0, 0,
                                     Int32(min(feed.width, displayWidth)), Int32(min(feed.height, displayHeight)))
        }
        pixman_image_composite32(PIXMAN_OP_OVER, ui.image.raw, nil, target.raw, 0, 0, 0, 0, 0, 0,
                                 Int32(displayWidth), Int32(displayHeight))
        return frame
    }

    /// Draws into `output` again, or into the UI buffer for a feed on a plane, from scratch.
    private func switchTarget(feedOnPlane onPlane: Bool) {
        feedOnPlane = onPlane
        hasFrame = false
        if onPlane {
            let target = uiTarget ?? {
                let buffer = PixelBuffer(width: sceneWidth, height: sceneHeight)
                return (buffer, PixmanImage(buffer, opaque: false))
            }()
            uiTarget = target
            (scene, sceneImage) = target
        } else {
            (scene, sceneImage) = (output, outputImage)
        }
    }

    /// A blurred copy of the feed is a frame's worth of memory: it is kept only while a view shows
    /// one (a swipe's overlap, a blurred screen) and made again, from the next feed frame, when one does.
    private func dropBlursUnlessShown(_ items: [DisplayItem]) {
        guard !blurs.isEmpty else { return }
        let shown = items.contains { item in
            switch item.source {
            case .blurredBackgroundFeed: true
            case .surface, .solidColor, .backgroundFeed, .videoFeed: false
            }
        }
        if !shown { blurs.removeAll() }
    }

    func blur(style: BlurStyle, width: Int, height: Int) -> BackgroundBlur {
        let key = BlurKey(style: style, width: width, height: height)
        if let blur = blurs[key] { return blur }
        // A view whose size animates would otherwise leave one full-size buffer per size behind.
        if blurs.count >= 4 { blurs.removeAll() }
        let blur = BackgroundBlur(width: width, height: height, style: style)
        blurs[key] = blur
        return blur
    }

    /// Copies a damaged scene rectangle into the output, turned; returns where it landed.
    private func rotateIntoOutput(_ rect: PixelRect) -> PixelRect {
        let target = rotation.displayRect(rect, sceneWidth: sceneWidth, sceneHeight: sceneHeight)
        sceneImage.setTransform(rotation.sourceTransform(sceneWidth: sceneWidth, sceneHeight: sceneHeight))
        sceneImage.setFilter(bilinear: false)
        pixman_image_composite32(PIXMAN_OP_SRC, sceneImage.raw, nil, outputImage.raw,
                                 Int32(target.x), Int32(target.y), 0, 0, Int32(target.x), Int32(target.y),
                                 Int32(target.width), Int32(target.height))
        sceneImage.setTransform(nil)
        return target
    }
}
