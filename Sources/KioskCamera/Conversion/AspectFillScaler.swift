import CPixman
import KioskEngine

/// Scales an opaque picture over a destination with aspect-fill, through pixman's bilinear filter.
enum AspectFillScaler {
    /// Covers all of `destination` with the centre of `source`, keeping the source's proportions.
    ///
    /// - Parameter overBlack: lay a source with transparency over black, so the result is opaque.
    static func scale(_ source: PixelBuffer, into destination: PixelBuffer, overBlack: Bool = false) {
        guard source.width > 0, source.height > 0, destination.width > 0, destination.height > 0 else { return }
        let fill = AspectFill(sourceWidth: source.width, sourceHeight: source.height,
                              destinationWidth: destination.width, destinationHeight: destination.height)
        guard let sourceImage = image(of: source), let destinationImage = image(of: destination) else { return }
        defer {
            pixman_image_unref(sourceImage)
            pixman_image_unref(destinationImage)
        }
        // pixman maps destination pixel centres into the source: source = destination / scale + crop offset.
        var transform = pixman_transform()
        transform.matrix.0 = (fixed(1 / fill.scale), 0, fixed(fill.visibleX))
        transform.matrix.1 = (0, fixed(1 / fill.scale), fixed(fill.visibleY))
        transform.matrix.2 = (0, 0, fixed(1))
        pixman_image_set_transform(sourceImage, &transform)
        pixman_image_set_filter(sourceImage, fill.isUnscaled ? PIXMAN_FILTER_NEAREST : PIXMAN_FILTER_BILINEAR, nil, 0)
        // Edge pixels repeat outward so the border is not blended with transparent black.
        pixman_image_set_repeat(sourceImage, PIXMAN_REPEAT_PAD)
        if overBlack { destination.fill(0xFF00_0000) }
        pixman_image_composite32(overBlack ? PIXMAN_OP_OVER : PIXMAN_OP_SRC, sourceImage, nil, destinationImage, 0, 0, 0, 0, 0, 0,
                                 Int32(destination.width), Int32(destination.height))
    }

    static func image(of buffer: PixelBuffer) -> OpaquePointer? {
        pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(buffer.width), Int32(buffer.height), buffer.pixels, Int32(buffer.stride))
    }

    private static func fixed(_ value: Double) -> pixman_fixed_t {
        pixman_fixed_t((value * 65536).rounded())
    }
}
