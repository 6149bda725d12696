import CPixman
import KioskEngine

/// A pixman image over a `PixelBuffer`'s memory (no copy), or a solid colour; released with the wrapper.
final class PixmanImage {
    let raw: OpaquePointer
    /// Keeps the pixels alive as long as pixman may read them.
    let buffer: PixelBuffer?
    /// True for x8r8g8b8, whose alpha bytes pixman ignores (and so must anything else reading `buffer`).
    let ignoresAlpha: Bool

    /// Wraps `buffer`; `opaque` picks x8r8g8b8 so pixman ignores the alpha byte and can take faster paths.
    init(_ buffer: PixelBuffer, opaque: Bool) {
        self.buffer = buffer
        ignoresAlpha = opaque
        raw = pixman_image_create_bits(opaque ? PIXMAN_x8r8g8b8 : PIXMAN_a8r8g8b8, Int32(buffer.width), Int32(buffer.height),
                                       buffer.pixels, Int32(buffer.stride))!
    }

    /// A solid colour (straight RGBA), premultiplied for pixman.
    init(solid color: Color) {
        buffer = nil
        ignoresAlpha = false
        let a = min(max(color.alpha, 0), 1)
        func channel(_ v: Double) -> UInt16 { UInt16((min(max(v, 0), 1) * a * 65535).rounded()) }
        var value = pixman_color_t(red: channel(color.red), green: channel(color.green), blue: channel(color.blue),
                                   alpha: UInt16((a * 65535).rounded()))
        raw = pixman_image_create_solid_fill(&value)!
    }

    /// A solid alpha used as a mask: how a layer's opacity is applied.
    convenience init(opacity: Double) {
        self.init(solid: Color(red: 0, green: 0, blue: 0, alpha: opacity))
    }

    deinit {
        pixman_image_unref(raw)
    }

    func setTransform(_ transform: pixman_transform?) {
        if var t = transform {
            pixman_image_set_transform(raw, &t)
        } else {
            pixman_image_set_transform(raw, nil)
        }
    }

    func setFilter(bilinear: Bool) {
        pixman_image_set_filter(raw, bilinear ? PIXMAN_FILTER_BILINEAR : PIXMAN_FILTER_NEAREST, nil, 0)
    }

    func setClip(_ region: Region?) {
        if let region {
            region.withRaw { _ = pixman_image_set_clip_region32(raw, $0) }
        } else {
            pixman_image_set_clip_region32(raw, nil)
        }
    }
}
