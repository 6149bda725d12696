import CCairo
import CKioskPixels
import Foundation
import KioskEngine

/// Draws a view's own look (shadow, background colour, rounded corners, content) once with cairo.
struct LayerPainter {
    /// Where text content's layouts come from.
    let textLayouts: TextLayoutCache

    /// Draws `key` into a new surface; `margin` pixels around the bounds hold the shadow.
    /// When image content cannot be decoded, the error says why and the surface holds everything else.
    func paint(_ key: LayerSurfaceKey) -> (buffer: PixelBuffer, error: String?) {
        let buffer = PixelBuffer(width: key.surfaceWidth, height: key.surfaceHeight)
        let margin = Double(key.margin)
        if let shadow = key.shadow {
            paintShadow(shadow, key: key, into: buffer)
        }
        var failure: String?
        withContext(buffer) { cr in
            cairo_translate(cr, margin, margin)
            roundedRect(cr, width: Double(key.width), height: Double(key.height), radius: key.radius)
            if key.backgroundColor.alpha > 0 {
                setSource(cr, key.backgroundColor)
                cairo_fill_preserve(cr)
            }
            cairo_clip(cr)
            switch key.content {
            case .linearGradient(let gradient): paintGradient(cr, gradient, key: key)
            case .text(let text):
                if let layoutKey = key.textLayoutKey {
                    setSource(cr, text.color)
                    textLayouts.layout(for: layoutKey).draw(cr)
                }
            case .image(let image):
                do { try paintImage(cr, image, key: key) } catch { failure = "\(error)" }
            default: break
            }
        }
        return (buffer, failure)
    }

    private func paintShadow(_ shadow: Shadow, key: LayerSurfaceKey, into buffer: PixelBuffer) {
        let margin = Double(key.margin)
        withContext(buffer) { cr in
            cairo_translate(cr, margin + shadow.offset.x, margin + shadow.offset.y)
            roundedRect(cr, width: Double(key.width), height: Double(key.height), radius: key.radius)
            setSource(cr, shadow.color)
            cairo_fill(cr)
        }
        // Three box passes approach a Gaussian of the shadow's radius; drawn once, so cost hardly matters.
        let scratch = UnsafeMutablePointer<UInt32>.allocate(capacity: 2 * buffer.width * buffer.height + 2 * max(buffer.width, buffer.height))
        defer { scratch.deallocate() }
        kiosk_box_blur(buffer.pixels, Int32(buffer.width), Int32(buffer.height), buffer.rowLength,
                       Int32(min(max(Int((shadow.radius / 2).rounded()), 1), 120)), 3, scratch)
    }

    private func paintGradient(_ cr: OpaquePointer, _ gradient: LinearGradient, key: LayerSurfaceKey) {
        let w = Double(key.width), h = Double(key.height)
        guard let pattern = cairo_pattern_create_linear(gradient.start.x * w, gradient.start.y * h,
                                                        gradient.end.x * w, gradient.end.y * h) else { return }
        defer { cairo_pattern_destroy(pattern) }
        for stop in gradient.stops {
            let c = stop.color
            cairo_pattern_add_color_stop_rgba(pattern, stop.location, c.red, c.green, c.blue, c.alpha)
        }
        cairo_set_source(cr, pattern)
        cairo_paint(cr)
    }

    private func paintImage(_ cr: OpaquePointer, _ image: ImageContent, key: LayerSurfaceKey) throws {
        // Natural size needs every pixel; scaled modes need only as many as the layer shows.
        let needed = image.fit == .center ? nil : Size(width: Double(key.width), height: Double(key.height))
        let picture = try ImageDecoder.decode(contentsOf: image.path, fitting: needed)
        guard picture.width > 0, picture.height > 0,
              let source = cairo_image_surface_create_for_data(
                UnsafeMutableRawPointer(picture.pixels).assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                Int32(picture.width), Int32(picture.height), Int32(picture.stride)) else { return }
        defer { cairo_surface_destroy(source) }
        let w = Double(key.width), h = Double(key.height)
        let iw = Double(picture.width), ih = Double(picture.height)
        let scaleX: Double, scaleY: Double
        switch image.fit {
        case .fill: (scaleX, scaleY) = (w / iw, h / ih)
        case .contain: scaleX = min(w / iw, h / ih); scaleY = scaleX
        case .cover: scaleX = max(w / iw, h / ih); scaleY = scaleX
        case .center: (scaleX, scaleY) = (1, 1)
        }
        cairo_translate(cr, ((w - iw * scaleX) / 2).rounded(), ((h - ih * scaleY) / 2).rounded())
        cairo_scale(cr, scaleX, scaleY)
        cairo_set_source_surface(cr, source, 0, 0)
        let unscaled = scaleX == 1 && scaleY == 1
        cairo_pattern_set_filter(cairo_get_source(cr), unscaled ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_GOOD)
        // The filter samples beyond the picture's edge: padding repeats the edge pixels there, where
        // the default (transparent) blended the outer ring about half with what is behind. The
        // picture's own rectangle bounds the paint, so padding never spreads past it.
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        cairo_rectangle(cr, 0, 0, iw, ih)
        cairo_fill(cr)
        withExtendedLifetime(picture) {}
    }

    private func roundedRect(_ cr: OpaquePointer, width: Double, height: Double, radius: Double) {
        guard radius > 0 else {
            cairo_rectangle(cr, 0, 0, width, height)
            return
        }
        cairo_new_sub_path(cr)
        cairo_arc(cr, width - radius, radius, radius, -Double.pi / 2, 0)
        cairo_arc(cr, width - radius, height - radius, radius, 0, Double.pi / 2)
        cairo_arc(cr, radius, height - radius, radius, Double.pi / 2, Double.pi)
        cairo_arc(cr, radius, radius, radius, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
    }

    private func setSource(_ cr: OpaquePointer, _ color: Color) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
    }
}

/// Runs `body` with a cairo context drawing into `buffer` (ARGB32 has the same layout as PixelBuffer).
func withContext(_ buffer: PixelBuffer, _ body: (OpaquePointer) -> Void) {
    let surface = cairo_image_surface_create_for_data(
        UnsafeMutableRawPointer(buffer.pixels).assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
        Int32(buffer.width), Int32(buffer.height), Int32(buffer.stride))
    let cr = cairo_create(surface)!
    body(cr)
    cairo_destroy(cr)
    cairo_surface_flush(surface)
    cairo_surface_destroy(surface)
}
