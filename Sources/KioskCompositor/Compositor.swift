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
    private var scene: PixelBuffer
    private var sceneImage: PixmanImage
    private let outputImage: PixmanImage
    /// The UI drawn without the feed, premultiplied ARGB, made the first time the feed goes on a plane.
    private var uiTarget: (buffer: PixelBuffer, image: PixmanImage)?
    /// The last frame was drawn as the UI alone, transparent where the feed shows (`feedOnPlane`).
    public private(set) var feedOnPlane = false
    let surfaces = LayerSurfaceCache()
    /// Which version of each picture file the surfaces show.
    private let pictures = PictureIdentities()
    private let clipMasks = ClipMaskCache()
    private let workers: WorkerPool
    private var blurs: [BlurKey: BackgroundBlur] = [:]
    private var previous: [DisplayItem] = []
    private var previousVisible: [Region] = []
    private var hasFrame = false
    private var frameNumber: UInt64 = 0

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
    /// empty when nothing did.
    ///
    /// `feedOnPlane`, when given, hears what the frame shows of the feed and answers whether the
    /// display scans the feed out from a plane of its own; if so the frame is drawn into `frame`
    /// as the UI alone (premultiplied ARGB, alpha 0 where the feed shows) and a new feed frame by
    /// itself is no damage. Switching between the two redraws everything.
    @discardableResult
    public func render(root: View, background: PixelBuffer?, videos: [ObjectIdentifier: PixelBuffer] = [:],
                       feedOnPlane decide: ((FeedCoverage) -> Bool)? = nil) -> [PixelRect] {
        frameNumber += 1
        let screen = PixelRect(x: 0, y: 0, width: sceneWidth, height: sceneHeight)
        var builder = makeBuilder(background: background)
        builder.videos = videos
        var items = builder.build(root: root)
        defer { dropBlursUnlessShown(items) }
        var coverage = FeedCoverage(items, screen: screen)
        // A turned scene is turned into `output` on the CPU: its feed is never on a plane.
        if rotation != .none || background == nil { coverage.showsFeed = false }
        let onPlane = decide?(coverage) == true && coverage.showsFeed
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

        let damage = hasFrame ? damageSincePrevious(items, visible) : Region(screen)
        previous = items
        previousVisible = visible
        hasFrame = true
        guard !damage.isEmpty else {
            surfaces.trim()
            return []
        }

        paint(items, visible: visible, covered: covered, damage: damage, background: background, videos: videos)
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

    private func damageSincePrevious(_ items: [DisplayItem], _ visible: [Region]) -> Region {
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
            if previous[before] != item || previousRank[item.id] != rank {
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

    private func paint(_ items: [DisplayItem], visible: [Region], covered: Region, damage: Region, background: PixelBuffer?,
                       videos: [ObjectIdentifier: PixelBuffer]) {
        let bare = damage.subtracting(covered)
        fill(bare, with: 0xFF00_0000)
        let feed = feedOnPlane ? nil : background.map { PixmanImage($0, opaque: true) }
        // The feed is cut at the view's edge, not faded: scaling samples repeat the border pixels.
        if let feed { pixman_image_set_repeat(feed.raw, PIXMAN_REPEAT_PAD) }
        var index = 0
        while index < items.count {
            let region = visible[index].intersection(damage)
            if fusesFade, !feedOnPlane, index + 1 < items.count, let background,
               let fused = fadeRegion(items[index], items[index + 1], background: background) {
                let upper = visible[index + 1].intersection(damage)
                let both = region.intersection(upper)
                both.intersect(fused.area)
                if !both.isEmpty {
                    blendFade(both, camera: background, blurred: fused.blur, origin: fused.origin, weight: fused.weight)
                    draw(items[index], in: region.subtracting(both), feed: feed, background: background, videos: videos)
                    draw(items[index + 1], in: upper.subtracting(both), feed: feed, background: background, videos: videos)
                    index += 2
                    continue
                }
            }
            draw(items[index], in: region, feed: feed, background: background, videos: videos)
            index += 1
        }
        sceneImage.setClip(nil)
    }

    /// When `lower` is the feed at its own size and `upper` its blurred copy fading in over it:
    /// the screen area they share, the blur, and where the view's origin lies on screen.
    private func fadeRegion(_ lower: DisplayItem, _ upper: DisplayItem, background: PixelBuffer)
        -> (area: PixelRect, blur: BackgroundBlur, origin: (x: Int, y: Int), weight: Int)? {
        guard case .backgroundFeed = lower.source, case .blurredBackgroundFeed(let style) = upper.source,
              lower.opacity >= 1, upper.opacity < 1, lower.roundedClip == nil, upper.roundedClip == nil,
              lower.matrix.isIntegerTranslation, lower.matrix == upper.matrix,
              Double(background.width) == upper.size.width, Double(background.height) == upper.size.height,
              let area = lower.bounds.intersection(upper.bounds) else { return nil }
        let blur = blur(style: style, width: background.width, height: background.height)
        blur.update(from: background)
        return (area, blur, (Int(lower.matrix.g), Int(lower.matrix.h)), Int((upper.opacity * 128).rounded()))
    }

    private func blendFade(_ region: Region, camera: PixelBuffer, blurred: BackgroundBlur, origin: (x: Int, y: Int), weight: Int) {
        for rect in region.rects {
            let local = PixelRect(x: rect.x - origin.x, y: rect.y - origin.y, width: rect.width, height: rect.height)
            blurred.fade(over: camera, cameraOrigin: (0, 0), into: scene, outputOrigin: origin, rect: local, alpha: weight)
        }
    }

    private func draw(_ item: DisplayItem, in damaged: Region, feed: PixmanImage?, background: PixelBuffer?,
                      videos: [ObjectIdentifier: PixelBuffer]) {
        guard !damaged.isEmpty else { return }
        var region = damaged
        let source: PixmanImage
        switch item.source {
        case .surface(let key):
            let surface = surfaces.surface(for: key, frame: frameNumber)
            guard let ink = surface.ink else { return }
            source = surface.image
            if item.matrix.isIntegerTranslation {
                region = damaged.intersection(Region(PixelRect(x: ink.x + Int(item.matrix.g), y: ink.y + Int(item.matrix.h),
                                                               width: ink.width, height: ink.height)))
                guard !region.isEmpty else { return }
            } else if let box = item.matrix.asDrawn.screenBox(of: Rect(x: Double(ink.x), y: Double(ink.y), width: Double(ink.width),
                                                                height: Double(ink.height)), inward: false) {
                // Filtered samples reach a pixel past the ink.
                region = damaged.intersection(Region(PixelRect(x: box.x - 1, y: box.y - 1, width: box.width + 2, height: box.height + 2)))
                guard !region.isEmpty else { return }
            }
        case .solidColor(let color):
            guard item.matrix.isIntegerTranslation else {
                return fillCovered(color, at: (item.matrix.g, item.matrix.h), size: item.size, opacity: item.opacity, region: region)
            }
            source = PixmanImage(solid: color)
        case .backgroundFeed:
            // On a plane the feed shows through: the UI is left transparent there.
            if feedOnPlane { return fill(region, with: 0) }
            guard let feed else { return }
            source = feed
        case .videoFeed(let opaque):
            guard let frame = videos[item.id.view] else { return }
            source = PixmanImage(frame, opaque: opaque)
            pixman_image_set_repeat(source.raw, PIXMAN_REPEAT_PAD)
        case .blurredBackgroundFeed(let style):
            guard let background else { return }
            let width = Int(item.size.width.rounded(.up)), height = Int(item.size.height.rounded(.up))
            let blur = blur(style: style, width: width, height: height)
            blur.update(from: background)
            if item.opacity >= 1, item.roundedClip == nil, item.matrix.isIntegerTranslation,
               Double(width) == item.size.width, Double(height) == item.size.height {
                let origin = (x: Int(item.matrix.g), y: Int(item.matrix.h))
                for rect in region.rects {
                    blur.draw(into: scene, outputOrigin: origin,
                              rect: PixelRect(x: rect.x - origin.x, y: rect.y - origin.y, width: rect.width, height: rect.height))
                }
                return
            }
            source = blur.image
        }
        let matrix = item.matrix
        let clipMask = item.roundedClip.flatMap { clipMasks.mask(for: $0, opacity: item.opacity, frame: frameNumber) }
        // One pass over the whole region: OVER an opaque sample is SRC, and the inside of a turned
        // card comes in many narrow boxes that cost far more drawn one by one.
        if clipMask == nil, drawPerspective(source, through: matrix, opacity: item.opacity, region: region) { return }
        let opaque = Region(item.opaqueRects)
        opaque.intersect(region)
        let rest = region.subtracting(opaque)
        composite(source, through: matrix, opacity: item.opacity, clipMask: clipMask, op: PIXMAN_OP_SRC, region: opaque)
        composite(source, through: matrix, opacity: item.opacity, clipMask: clipMask, op: PIXMAN_OP_OVER, region: rest)
    }

    /// - Parameter clipMask: a rounded clip, already scaled by the opacity, sampled at destination coordinates.
    private func composite(_ source: PixmanImage, through matrix: ProjectiveMatrix, opacity: Double, clipMask: PixmanImage?,
                           op: pixman_op_t, region: Region) {
        guard !region.isEmpty else { return }
        let box = region.extents
        sceneImage.setClip(region)
        let mask = clipMask ?? (opacity < 1 ? PixmanImage(opacity: opacity) : nil)
        let maskOrigin = clipMask == nil ? (x: Int32(0), y: Int32(0)) : (x: Int32(box.x), y: Int32(box.y))
        // A straight copy keeps the source's alpha byte: into the UI's ARGB only from a source that has one.
        if op == PIXMAN_OP_SRC, mask == nil, matrix.isIntegerTranslation, let pixels = source.buffer,
           !(feedOnPlane && source.ignoresAlpha) {
            copy(pixels, offset: (Int(matrix.g), Int(matrix.h)), region: region)
        } else if matrix.isIntegerTranslation {
            source.setTransform(nil)
            source.setFilter(bilinear: false)
            workers.composite(op, source: source.raw, mask: mask?.raw, destination: sceneImage.raw,
                              sourceOrigin: (Int32(box.x - Int(matrix.g)), Int32(box.y - Int(matrix.h))), maskOrigin: maskOrigin,
                              box: box)
        } else {
            let padded = matrix.isAffine || source.ignoresAlpha ? nil
                : source.buffer.flatMap { PaddedProjectiveSource($0, through: matrix, box: box) }
            let image = padded?.image ?? source
            guard let transform = padded?.transform ?? matrix.pixmanSourceTransform else { return }
            image.setTransform(transform)
            image.setFilter(bilinear: true)
            workers.composite(op, source: image.raw, mask: mask?.raw, destination: sceneImage.raw,
                              sourceOrigin: (Int32(box.x), Int32(box.y)), maskOrigin: maskOrigin, box: box)
            image.setTransform(nil)
        }
    }

    /// Draws `source` OVER the scene through a perspective map across `region` in one pass of the
    /// scanline kernel; false (having drawn nothing) when the map is affine or the kernel cannot take it and pixman must.
    private func drawPerspective(_ source: PixmanImage, through matrix: ProjectiveMatrix, opacity: Double, region: Region) -> Bool {
        guard usesPerspectiveKernel, !matrix.isAffine, let pixels = source.buffer, !source.ignoresAlpha,
              let inverse = matrix.kernelSourceMap else { return false }
        let alpha = Int32((min(max(opacity, 0), 1) * 255).rounded())
        let drawn = region.rects.map(\.kioskBox).withUnsafeBufferPointer {
            kiosk_perspective_boxes_pooled(workers.raw, scene.pixels, scene.rowLength, $0.baseAddress, Int32($0.count), pixels.pixels,
                                           pixels.rowLength, Int32(pixels.width), Int32(pixels.height), inverse, alpha, 1)
        }
        return drawn == 0
    }

    /// A box of `color` at a fractional position: each pixel gets the colour weighted by how much
    /// of it the box covers, as bilinear sampling of a drawn surface would give it, without the surface.
    private func fillCovered(_ color: Color, at origin: (x: Double, y: Double), size: Size, opacity: Double, region: Region) {
        /// Runs of pixels along one axis with the share of each the span `low..<high` covers.
        func runs(_ low: Double, _ high: Double) -> [(range: Range<Int>, coverage: Double)] {
            let first = Int(low.rounded(.down)), end = Int(high.rounded(.up))
            guard end > first else { return [] }
            func coverage(_ pixel: Int) -> Double { max(0, min(Double(pixel + 1), high) - max(Double(pixel), low)) }
            if end - first <= 2 { return (first..<end).map { ($0..<$0 + 1, coverage($0)) } }
            return [(first..<first + 1, coverage(first)), (first + 1..<end - 1, 1), (end - 1..<end, coverage(end - 1))]
        }
        let source = PixmanImage(solid: color)
        for column in runs(origin.x, origin.x + size.width) {
            for row in runs(origin.y, origin.y + size.height) {
                let weight = column.coverage * row.coverage * opacity
                guard weight > 0 else { continue }
                let part = region.intersection(Region(PixelRect(x: column.range.lowerBound, y: row.range.lowerBound,
                                                                width: column.range.count, height: row.range.count)))
                guard !part.isEmpty else { continue }
                let op = weight >= 1 && color.isOpaque ? PIXMAN_OP_SRC : PIXMAN_OP_OVER
                let mask = weight < 1 ? PixmanImage(opacity: weight) : nil
                let box = part.extents
                sceneImage.setClip(part)
                workers.composite(op, source: source.raw, mask: mask?.raw, destination: sceneImage.raw,
                                  sourceOrigin: (0, 0), maskOrigin: (0, 0), box: box)
            }
        }
    }

    /// SRC of an untransformed picture: a straight copy past the cache, the whole region in one job across the workers.
    private func copy(_ source: PixelBuffer, offset: (x: Int, y: Int), region: Region) {
        let limit = PixelRect(x: offset.x, y: offset.y, width: source.width, height: source.height)
        region.rects.compactMap { $0.intersection(limit)?.kioskBox }.withUnsafeBufferPointer {
            kiosk_copy_boxes_pooled(workers.raw, scene.pixels, scene.rowLength, source.pixels, source.rowLength,
                                    Int32(offset.x), Int32(offset.y), $0.baseAddress, Int32($0.count))
        }
    }

    private func fill(_ region: Region, with pixel: UInt32) {
        for rect in region.rects {
            pixman_fill(scene.pixels, Int32(scene.rowLength), 32, Int32(rect.x), Int32(rect.y),
                        Int32(rect.width), Int32(rect.height), pixel)
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

    private func blur(style: BlurStyle, width: Int, height: Int) -> BackgroundBlur {
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
