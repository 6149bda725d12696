import CKioskPixels
import CPixman
import KioskEngine

/// The painting half of a frame: each display list item drawn inside the damage where nothing
/// opaque covers it, SRC where it is opaque and OVER elsewhere; a feed faded into its blurred copy
/// in one pass.
extension Compositor {
    func paint(_ items: [DisplayItem], visible: [Region], covered: Region, damage: Region, background: PixelBuffer?,
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
}
