import CKioskPixels
import CPixman
import Foundation
import KioskEngine

/// Draws a view's own look (shadow, background colour, rounded corners, content) once with pixman.
struct LayerPainter {
    /// Where text content's layouts come from.
    let textLayouts: TextLayoutCache

    /// Draws `key` into a new surface; `margin` pixels around the bounds hold the shadow.
    /// When image content cannot be decoded, the error says why and the surface holds everything else.
    func paint(_ key: LayerSurfaceKey) -> (buffer: PixelBuffer, error: String?) {
        let buffer = PixelBuffer(width: key.surfaceWidth, height: key.surfaceHeight)
        // The rounded corners' coverage; none when the bounds are a plain rectangle.
        let shape = key.radius > 0 ? CoverageMask(roundedRectWidth: key.width, height: key.height, radius: key.radius) : nil
        if let shadow = key.shadow {
            paintShadow(shadow, shape: shape, key: key, into: buffer)
        }
        if key.backgroundColor.alpha > 0 {
            fill(buffer, with: key.backgroundColor, shape: shape, key: key)
        }
        var failure: String?
        // Square bounds: content goes straight onto the background, clipped by the box it is drawn in.
        // Rounded: into a layer of its own, then onto the background through the rounded shape.
        let content = shape == nil ? Box(buffer: buffer, x: key.margin, y: key.margin, width: key.width, height: key.height)
            : Box(buffer: PixelBuffer(width: key.width, height: key.height), x: 0, y: 0, width: key.width, height: key.height)
        var drewContent = true
        switch key.content {
        case .linearGradient(let gradient): paintGradient(gradient, into: content)
        case .text(let text):
            if let layoutKey = key.textLayoutKey {
                textLayouts.layout(for: layoutKey).coverage(width: key.width, height: key.height)
                    .fill(content.buffer, with: text.color, x: content.x, y: content.y)
            }
        case .image(let image):
            do { try paintImage(image, into: content) } catch { failure = "\(error)" }
        default: drewContent = false
        }
        if let shape, drewContent, key.width > 0, key.height > 0 {
            let source = PixmanImage(content.buffer, opaque: false), destination = PixmanImage(buffer, opaque: false)
            withExtendedLifetime((source, destination, shape)) {
                pixman_image_composite32(PIXMAN_OP_OVER, source.raw, shape.raw, destination.raw, 0, 0, 0, 0,
                                         Int32(key.margin), Int32(key.margin), Int32(key.width), Int32(key.height))
            }
        }
        return (buffer, failure)
    }

    /// `color` over the bounds (rounded by `shape`), `offset` pixels from their place in the surface.
    private func fill(_ buffer: PixelBuffer, with color: Color, shape: CoverageMask?, key: LayerSurfaceKey,
                      offset: (x: Int, y: Int) = (0, 0)) {
        guard key.width > 0, key.height > 0 else { return }
        let source = PixmanImage(solid: color), destination = PixmanImage(buffer, opaque: false)
        withExtendedLifetime((source, destination, shape)) {
            pixman_image_composite32(PIXMAN_OP_OVER, source.raw, shape?.raw, destination.raw,
                                     0, 0, 0, 0, Int32(key.margin + offset.x), Int32(key.margin + offset.y),
                                     Int32(key.width), Int32(key.height))
        }
    }

    private func paintShadow(_ shadow: Shadow, shape: CoverageMask?, key: LayerSurfaceKey, into buffer: PixelBuffer) {
        // Whole-pixel offsets: the blur below spreads the edge over several pixels anyway.
        fill(buffer, with: shadow.color, shape: shape, key: key,
             offset: (Int(shadow.offset.x.rounded()), Int(shadow.offset.y.rounded())))
        // Three box passes approach a Gaussian of the shadow's radius; drawn once, so cost hardly matters.
        let scratch = UnsafeMutablePointer<UInt32>.allocate(capacity: 2 * buffer.width * buffer.height + 2 * max(buffer.width, buffer.height))
        defer { scratch.deallocate() }
        kiosk_box_blur(buffer.pixels, Int32(buffer.width), Int32(buffer.height), buffer.rowLength,
                       Int32(min(max(Int((shadow.radius / 2).rounded()), 1), 120)), 3, scratch)
    }

    /// Where content is drawn: the view's bounds, `width` x `height` at (`x`, `y`) in `buffer`.
    private struct Box {
        let buffer: PixelBuffer
        let x: Int
        let y: Int
        let width: Int
        let height: Int
    }

    private func paintGradient(_ gradient: LinearGradient, into content: Box) {
        let w = Double(content.width), h = Double(content.height)
        func fixed(_ value: Double) -> pixman_fixed_t { pixman_fixed_t((value * 65536).rounded()) }
        let x = Double(content.x), y = Double(content.y)
        var start = pixman_point_fixed_t(x: fixed(x + gradient.start.x * w), y: fixed(y + gradient.start.y * h))
        var end = pixman_point_fixed_t(x: fixed(x + gradient.end.x * w), y: fixed(y + gradient.end.y * h))
        // pixman takes straight 16-bit colours in order of location, and premultiplies as it interpolates.
        let stops = gradient.stops.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }.map { stop in
            let c = stop.element.color
            func channel(_ v: Double) -> UInt16 { UInt16((min(max(v, 0), 1) * 65535).rounded()) }
            return pixman_gradient_stop_t(x: fixed(min(max(stop.element.location, 0), 1)),
                                          color: pixman_color_t(red: channel(c.red), green: channel(c.green),
                                                                blue: channel(c.blue), alpha: channel(c.alpha)))
        }
        guard !stops.isEmpty, let image = stops.withUnsafeBufferPointer({
            pixman_image_create_linear_gradient(&start, &end, $0.baseAddress, Int32($0.count))
        }) else { return }
        defer { pixman_image_unref(image) }
        // Before the first stop and after the last, the end colours continue.
        pixman_image_set_repeat(image, PIXMAN_REPEAT_PAD)
        let destination = PixmanImage(content.buffer, opaque: false)
        withExtendedLifetime(destination) {
            pixman_image_composite32(PIXMAN_OP_OVER, image, nil, destination.raw, Int32(content.x), Int32(content.y), 0, 0,
                                     Int32(content.x), Int32(content.y), Int32(content.width), Int32(content.height))
        }
    }

    private func paintImage(_ image: ImageContent, into content: Box) throws {
        let w = Double(content.width), h = Double(content.height)
        // Natural size needs every pixel; scaled modes need only as many as the layer shows.
        let needed = image.fit == .center ? nil : Size(width: w, height: h)
        let picture = try ImageDecoder.decode(contentsOf: image.path, fitting: needed)
        guard picture.width > 0, picture.height > 0 else { return }
        let iw = Double(picture.width), ih = Double(picture.height)
        let scaleX: Double, scaleY: Double
        switch image.fit {
        case .fill: (scaleX, scaleY) = (w / iw, h / ih)
        case .contain: scaleX = min(w / iw, h / ih); scaleY = scaleX
        case .cover: scaleX = max(w / iw, h / ih); scaleY = scaleX
        case .center: (scaleX, scaleY) = (1, 1)
        }
        let left = ((w - iw * scaleX) / 2).rounded() + Double(content.x), top = ((h - ih * scaleY) / 2).rounded() + Double(content.y)
        let source = PixmanImage(picture, opaque: false)
        source.setTransform(ProjectiveMatrix.scale(scaleX, scaleY).concatenating(.translation(left, top)).pixmanSourceTransform)
        if scaleX == 1 && scaleY == 1 {
            source.setFilter(bilinear: false)
        } else {
            Self.setSmoothFilter(source, shrinkX: 1 / scaleX, shrinkY: 1 / scaleY)
        }
        // The filter samples beyond the picture's edge: padding repeats the edge pixels there, where
        // transparency would blend the outer ring about half with what is behind. The picture's own
        // rectangle bounds the composite, so padding never spreads past it.
        pixman_image_set_repeat(source.raw, PIXMAN_REPEAT_PAD)
        let x0 = max(Int(left), content.x), y0 = max(Int(top), content.y)
        let x1 = min(Int((left + iw * scaleX).rounded()), content.x + content.width)
        let y1 = min(Int((top + ih * scaleY).rounded()), content.y + content.height)
        guard x1 > x0, y1 > y0 else { return }
        let destination = PixmanImage(content.buffer, opaque: false)
        withExtendedLifetime((source, destination)) {
            pixman_image_composite32(PIXMAN_OP_OVER, source.raw, nil, destination.raw,
                                     Int32(x0), Int32(y0), 0, 0, Int32(x0), Int32(y0), Int32(x1 - x0), Int32(y1 - y0))
        }
    }

    /// Bilinear when the picture grows; when it shrinks, a box average over the source pixels each
    /// output pixel covers (as cairo's "good" filter), so a large picture made small does not shimmer.
    private static func setSmoothFilter(_ image: PixmanImage, shrinkX: Double, shrinkY: Double) {
        guard shrinkX > 1 || shrinkY > 1 else {
            image.setFilter(bilinear: true)
            return
        }
        var count: Int32 = 0
        guard let parameters = pixman_filter_create_separable_convolution(
            &count, pixman_fixed_t((max(shrinkX, 1) * 65536).rounded()), pixman_fixed_t((max(shrinkY, 1) * 65536).rounded()),
            PIXMAN_KERNEL_BOX, PIXMAN_KERNEL_BOX, PIXMAN_KERNEL_BOX, PIXMAN_KERNEL_BOX, 4, 4) else {
            image.setFilter(bilinear: true)
            return
        }
        defer { free(parameters) }
        pixman_image_set_filter(image.raw, PIXMAN_FILTER_SEPARABLE_CONVOLUTION, parameters, count)
    }
}
