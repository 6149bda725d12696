import KioskEngine

/// Flattens a view tree into display items, back to front, in screen (scene) coordinates.
struct DisplayListBuilder {
    /// The scene's size: the display's size before rotation.
    var sceneSize: PixelRect
    /// The feed frame views with feed content show this frame.
    var background: PixelBuffer?
    /// The newest frame of each video element, by the identity of the view that shows it.
    var videos: [ObjectIdentifier: PixelBuffer] = [:]
    /// Hears each view that lands on screen with the surface it shows now, or nil when it needs none.
    var onSurface: (View, LayerSurfaceKey?) -> Void = { _, _ in }
    /// The version of a picture file that picture content shows (see `LayerSurfaceKey.picture`).
    var pictureIdentity: (String) -> FileIdentity? = { _ in nil }

    func build(root: View) -> [DisplayItem] {
        var items: [DisplayItem] = []
        visit(root, parent: .identity, opacity: 1, clip: sceneSize, rounded: nil, into: &items)
        return items
    }

    private func visit(_ view: View, parent: ProjectiveMatrix, opacity parentOpacity: Double, clip: PixelRect,
                       rounded: RoundedClip?, into items: inout [DisplayItem]) {
        let opacity = parentOpacity * min(max(view.alpha, 0), 1)
        guard !view.isHidden, opacity > 0.001 else { return }
        let size = view.frame.size
        guard size.width >= 0, size.height >= 0 else { return }
        let centre = ProjectiveMatrix.translation(size.width / 2, size.height / 2)
        let local = ProjectiveMatrix.translation(-size.width / 2, -size.height / 2)
            .concatenating(ProjectiveMatrix(view.transform))
            .concatenating(centre)
            .concatenating(.translation(view.frame.minX, view.frame.minY))
            .concatenating(parent)

        // Under a rounded clip only at whole pixels: a box sliding by fractions of a pixel gets its
        // soft edge from the clip's mask and its own coverage at once only through a surface.
        if let key = surfaceKey(view, opacity: opacity), key.isPlainColor,
           local.isIntegerTranslation || (local.isTranslation && rounded == nil) {
            let opaque = key.backgroundColor.isOpaque ? [Rect(origin: .zero, size: size)] : []
            let shown = append(DisplayItem(id: .init(view: ObjectIdentifier(view), isFeed: false), source: .solidColor(key.backgroundColor),
                                           size: size, matrix: local, opacity: opacity, bounds: .init(x: 0, y: 0, width: 0, height: 0),
                                           opaqueRects: [], feedFrame: nil),
                               surfaceSize: Size(width: Double(key.width), height: Double(key.height)), localOpaque: opaque,
                               clip: clip, rounded: rounded, into: &items)
            if shown { onSurface(view, nil) }
        } else if let key = surfaceKey(view, opacity: opacity) {
            let margin = Double(key.margin)
            let shown = append(DisplayItem(id: .init(view: ObjectIdentifier(view), isFeed: false), source: .surface(key),
                               size: size, matrix: ProjectiveMatrix.translation(-margin, -margin).concatenating(local),
                               opacity: opacity, bounds: .init(x: 0, y: 0, width: 0, height: 0), opaqueRects: [], feedFrame: nil),
                   surfaceSize: Size(width: Double(key.surfaceWidth), height: Double(key.surfaceHeight)),
                   localOpaque: key.opaqueRects.map { $0.offsetBy(dx: margin, dy: margin) }, clip: clip, rounded: rounded,
                   into: &items)
            if shown { onSurface(view, key) }
        }
        if let feed = feedItem(view, local: local, opacity: opacity) {
            append(feed.item, surfaceSize: feed.surfaceSize, localOpaque: [feed.opaque], clip: clip, rounded: rounded, into: &items)
        }

        var childClip = clip
        var childRounded = rounded
        if view.clipsToBounds {
            if view.cornerRadius > 0, size.width >= 1, size.height >= 1 {
                childRounded = RoundedClip(matrix: local, width: Int(size.width.rounded(.up)), height: Int(size.height.rounded(.up)),
                                           radius: min(view.cornerRadius, min(size.width, size.height) / 2))
            }
            guard let box = local.screenBox(of: Rect(origin: .zero, size: size), inward: false) else { return }
            guard let cut = childClip.intersection(box) else { return }
            childClip = cut
        }
        let childMatrix = ProjectiveMatrix.translation(-view.boundsOrigin.x, -view.boundsOrigin.y).concatenating(local)
        for child in view.subviews {
            visit(child, parent: childMatrix, opacity: opacity, clip: childClip, rounded: childRounded, into: &items)
        }
    }

    private func surfaceKey(_ view: View, opacity: Double) -> LayerSurfaceKey? {
        var content = view.content
        switch content {
        case .backgroundFeed, .blurredBackgroundFeed, .video, .web: content = .none
        case .none, .linearGradient, .text, .image: break
        }
        guard content != .none || view.backgroundColor.alpha > 0 || view.shadow != nil else { return nil }
        // A feed frame covers the whole bounds opaquely: a plain background colour under it never shows.
        if content == .none, Self.showsBackgroundFeed(view.content), background != nil, opacity >= 1, view.shadow == nil, view.cornerRadius <= 0 {
            return nil
        }
        let width = Int(view.frame.width.rounded(.up)), height = Int(view.frame.height.rounded(.up))
        guard width > 0, height > 0 else { return nil }
        var picture: FileIdentity?
        if case .image(let image) = content { picture = pictureIdentity(image.path) }
        return LayerSurfaceKey(width: width, height: height, backgroundColor: view.backgroundColor,
                               cornerRadius: view.cornerRadius, shadow: view.shadow, content: content, picture: picture)
    }

    /// Whether `content` is the background feed or its blurred copy, which cover the bounds opaquely.
    private static func showsBackgroundFeed(_ content: ViewContent) -> Bool {
        switch content {
        case .backgroundFeed, .blurredBackgroundFeed: true
        case .none, .linearGradient, .text, .image, .video, .web: false
        }
    }

    private func feedItem(_ view: View, local: ProjectiveMatrix, opacity: Double)
        -> (item: DisplayItem, surfaceSize: Size, opaque: Rect)? {
        if case .video(let video) = view.content {
            return videoItem(view, opaque: video.fit == .cover || video.fit == .fill, local: local, opacity: opacity)
        }
        // A page's frame is drawn at the view's size, like a filled video; WebKit's frames carry alpha.
        if case .web = view.content { return videoItem(view, opaque: false, local: local, opacity: opacity) }
        let size = view.frame.size
        guard let background, background.width > 0, background.height > 0, size.width > 0, size.height > 0 else { return nil }
        let frame = FeedFrameID(buffer: ObjectIdentifier(background), sequence: background.sequence)
        let id = DisplayItem.ID(view: ObjectIdentifier(view), isFeed: true)
        switch view.content {
        case .backgroundFeed:
            let fw = Double(background.width), fh = Double(background.height)
            let scale = max(size.width / fw, size.height / fh)
            let fill = ProjectiveMatrix.scale(scale, scale)
                .concatenating(.translation((size.width - fw * scale) / 2, (size.height - fh * scale) / 2))
            let item = DisplayItem(id: id, source: .backgroundFeed, size: size, matrix: fill.concatenating(local),
                                   opacity: opacity, bounds: .init(x: 0, y: 0, width: 0, height: 0), opaqueRects: [], feedFrame: frame)
            // The frame overflows the view when aspect-filled; the view's rectangle bounds it.
            let visible = Rect(x: -(size.width - fw * scale) / 2 / scale, y: -(size.height - fh * scale) / 2 / scale,
                               width: size.width / scale, height: size.height / scale)
            return (item, Size(width: fw, height: fh), visible)
        case .blurredBackgroundFeed(let style):
            let item = DisplayItem(id: id, source: .blurredBackgroundFeed(style), size: size, matrix: local,
                                   opacity: opacity, bounds: .init(x: 0, y: 0, width: 0, height: 0), opaqueRects: [], feedFrame: frame)
            return (item, size, Rect(origin: .zero, size: size))
        default:
            return nil
        }
    }

    /// A video element's newest frame over its view. The element's feed already fitted the
    /// picture into a frame of the view's size (`fit`), so the frame is drawn one to one (stretched
    /// only by the rounding of a fractional size); a new frame changes the item, so it damages the
    /// element's box and nothing else. Letterboxed fits leave transparent bars: only `cover` and
    /// `fill` frames are opaque. A web page's frame (`videos` holds it too) is drawn the same way.
    private func videoItem(_ view: View, opaque: Bool, local: ProjectiveMatrix, opacity: Double)
        -> (item: DisplayItem, surfaceSize: Size, opaque: Rect)? {
        let size = view.frame.size
        guard let frame = videos[ObjectIdentifier(view)], frame.width > 0, frame.height > 0,
              size.width > 0, size.height > 0 else { return nil }
        let fw = Double(frame.width), fh = Double(frame.height)
        let fit = ProjectiveMatrix.scale(size.width / fw, size.height / fh)
        let id = DisplayItem.ID(view: ObjectIdentifier(view), isFeed: true)
        let item = DisplayItem(id: id, source: .videoFeed(opaque: opaque), size: size, matrix: fit.concatenating(local),
                               opacity: opacity, bounds: .init(x: 0, y: 0, width: 0, height: 0), opaqueRects: [],
                               feedFrame: FeedFrameID(buffer: ObjectIdentifier(frame), sequence: frame.sequence))
        let whole = Rect(x: 0, y: 0, width: fw, height: fh)
        return (item, Size(width: fw, height: fh), opaque ? whole : Rect(x: 0, y: 0, width: 0, height: 0))
    }

    /// Fills in the screen bounds and opaque rectangles, and keeps the item if any of it is on screen.
    @discardableResult
    private func append(_ item: DisplayItem, surfaceSize: Size, localOpaque: [Rect], clip: PixelRect,
                        rounded: RoundedClip?, into items: inout [DisplayItem]) -> Bool {
        var item = item
        item.roundedClip = rounded
        var area = Rect(origin: .zero, size: surfaceSize)
        if case .backgroundFeed = item.source, let visible = localOpaque.first {
            area = area.intersection(visible)
        }
        // Where the item lands is worked out from the map it is drawn through (see `asDrawn`).
        let shape = item.matrix.asDrawn
        // A view turned edge-on covers nothing; its nearly singular map would smear pixels along a line.
        guard projectedArea(of: area, through: shape) >= 1,
              let box = shape.screenBox(of: area, inward: false), let bounds = box.intersection(clip) else { return false }
        item.bounds = bounds
        // A rounded clip cuts corners out of anything; such items count as translucent.
        if item.opacity >= 1, shape.isAxisAligned, rounded == nil {
            item.opaqueRects = localOpaque.compactMap {
                shape.screenBox(of: $0.intersection(area), inward: true)?.intersection(bounds)
            }
        } else if item.opacity >= 1, rounded == nil {
            // Nothing under a turned card's inside needs drawing (the camera under a flip, say).
            item.opaqueRects = localOpaque.flatMap {
                uprightInteriorBoxes(of: $0.intersection(area), through: shape).compactMap { $0.intersection(bounds) }
            }
        }
        items.append(item)
        return true
    }

    /// Under a map that keeps vertical lines vertical (a turn about the vertical axis, perspective
    /// included), `rect` becomes a trapezoid with upright sides and straight slanted edges; boxes
    /// of whole pixels inside it, a slice of columns each so they follow the slant, less one all
    /// round, where bilinear samples reach outside. Empty for any other map.
    private func uprightInteriorBoxes(of rect: Rect, through matrix: ProjectiveMatrix) -> [PixelRect] {
        guard matrix.d == 0, matrix.f == 0, !rect.isEmpty,
              let topLeft = matrix.apply(Point(x: rect.minX, y: rect.minY)),
              let topRight = matrix.apply(Point(x: rect.maxX, y: rect.minY)),
              let bottomLeft = matrix.apply(Point(x: rect.minX, y: rect.maxY)),
              let bottomRight = matrix.apply(Point(x: rect.maxX, y: rect.maxY)),
              topLeft.y < bottomLeft.y, topRight.y < bottomRight.y, abs(topRight.x - topLeft.x) >= 1 else { return [] }
        func edge(_ a: Point, _ b: Point, at x: Int) -> Double { a.y + (b.y - a.y) * (Double(x) - a.x) / (b.x - a.x) }
        let left = Int(min(topLeft.x, topRight.x).rounded(.up)) + 1, right = Int(max(topLeft.x, topRight.x).rounded(.down)) - 1
        var boxes: [PixelRect] = []
        var start = left
        while start < right {
            let end = min(start + Self.interiorSlice, right)
            let top = Int(max(edge(topLeft, topRight, at: start), edge(topLeft, topRight, at: end)).rounded(.up)) + 1
            let bottom = Int(min(edge(bottomLeft, bottomRight, at: start), edge(bottomLeft, bottomRight, at: end)).rounded(.down)) - 1
            if bottom > top { boxes.append(PixelRect(x: start, y: top, width: end - start, height: bottom - top)) }
            start = end
        }
        return boxes
    }

    /// Columns per box of a turned card's inside: narrower follows the slant closer, at more rectangles.
    private static let interiorSlice = 64

    /// The area of `rect` on screen, in square pixels (zero when part of it is behind the viewer).
    private func projectedArea(of rect: Rect, through matrix: ProjectiveMatrix) -> Double {
        let corners = [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
                       Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY)].compactMap(matrix.apply)
        guard corners.count == 4 else { return 0 }
        var twice = 0.0
        for index in 0..<4 {
            let a = corners[index], b = corners[(index + 1) % 4]
            twice += a.x * b.y - b.x * a.y
        }
        return abs(twice) / 2
    }
}
