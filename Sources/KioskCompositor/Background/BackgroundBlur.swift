import CKioskPixels
import CPixman
import KioskEngine

/// The blurred, tinted copy of the feed frame for a view of one size, recomputed only for a new frame.
///
/// The frame is scaled down by a whole factor (bilinear), box-blurred and tinted at that small size,
/// then scaled back up (bilinear, rows then columns) into `full`. Every step but the last runs at
/// the small size; the last writes the full-size copy once per feed frame, so each display frame
/// blends two pictures, not three.
final class BackgroundBlur {
    let width: Int
    let height: Int
    let style: BlurStyle
    /// Whole-number scale between the view's pixels and the small buffer's.
    let factor: Int
    /// The result at the view's size, opaque, for drawing through pixman; filled only on demand.
    private let full: PixelBuffer
    private let fullImage: PixmanImage
    private var fullFrame: FeedFrameID?
    /// Full width, small height: scaled up horizontally only.
    private let wide: PixelBuffer

    private let small: PixelBuffer
    private let smallImage: PixmanImage
    private let scratch: UnsafeMutablePointer<UInt32>
    private var shownFrame: FeedFrameID?

    init(width: Int, height: Int, style: BlurStyle) {
        self.width = width
        self.height = height
        self.style = style
        // A power of two, so the upscale runs in whole vectors.
        factor = [8, 4, 2, 1].first { Double($0) * 3 <= style.radius } ?? 1
        small = PixelBuffer(width: max((width + factor - 1) / factor, 1), height: max((height + factor - 1) / factor, 1))
        smallImage = PixmanImage(small, opaque: true)
        wide = PixelBuffer(width: small.width * factor, height: small.height)
        full = PixelBuffer(width: width, height: height)
        fullImage = PixmanImage(full, opaque: true)
        scratch = .allocate(capacity: 2 * small.width * small.height + 2 * max(small.width, small.height))
    }

    deinit {
        scratch.deallocate()

    }

    /// Brings the copy up to date with `frame`; a frame already shown costs nothing.
    func update(from frame: PixelBuffer) {
        let id = FeedFrameID(buffer: ObjectIdentifier(frame), sequence: frame.sequence)
        guard id != shownFrame else { return }
        shownFrame = id
        shrink(frame)
        let boxRadius = max(Int(style.radius / Double(factor) / 2), 1)
        kiosk_box_blur(small.pixels, Int32(small.width), Int32(small.height), small.rowLength, Int32(boxRadius), 3, scratch)
        if style.tint.alpha > 0 {
            let tint = PixmanImage(solid: style.tint)
            pixman_image_composite32(PIXMAN_OP_OVER, tint.raw, nil, smallImage.raw, 0, 0, 0, 0, 0, 0,
                                     Int32(small.width), Int32(small.height))
        }
        kiosk_upscale_rows(small.pixels, small.rowLength, Int32(small.width), Int32(small.height),
                           wide.pixels, wide.rowLength, Int32(factor))
    }

    /// Aspect-fills `frame` into the view and shrinks it by the factor into `small`, in one bilinear step.
    private func shrink(_ frame: PixelBuffer) {
        if frame.width == width, frame.height == height, factor % 2 == 0 {
            // The usual case (the feed converted to the display's size): each bilinear sample is the
            // mean of four pixels, which a direct loop takes in half pixman's time.
            kiosk_downscale_even(frame.pixels, frame.rowLength, Int32(width), Int32(height),
                                 small.pixels, small.rowLength, Int32(small.width), Int32(small.height), Int32(factor))
            return
        }
        let source = PixmanImage(frame, opaque: true)
        pixman_image_set_repeat(source.raw, PIXMAN_REPEAT_PAD)
        let fw = Double(frame.width), fh = Double(frame.height), w = Double(width), h = Double(height)
        let fill = max(w / fw, h / fh)
        let toSmall = ProjectiveMatrix.scale(fill, fill)
            .concatenating(.translation((w - fw * fill) / 2, (h - fh * fill) / 2))
            .concatenating(.scale(1 / Double(factor), 1 / Double(factor)))
        source.setTransform(toSmall.pixmanSourceTransform)
        source.setFilter(bilinear: true)
        pixman_image_composite32(PIXMAN_OP_SRC, source.raw, nil, smallImage.raw, 0, 0, 0, 0, 0, 0,
                                 Int32(small.width), Int32(small.height))
    }

    /// Writes the copy, fully opaque, into `output` for `rect` in the view's coordinates: the vertical
    /// upscale straight into the frame, with no full-size copy in between.
    func draw(into output: PixelBuffer, outputOrigin: (x: Int, y: Int), rect: PixelRect) {
        // At full alpha the camera term has weight 0; a row of `wide`, read again and again, stands in for it.
        kiosk_fade_rect(output.pixels + (outputOrigin.y + rect.y) * output.rowLength + outputOrigin.x + rect.x, output.rowLength,
                        wide.pixels + rect.x, 0, wide.pixels, wide.rowLength, Int32(wide.height), Int32(factor),
                        Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height), 128)
    }

    /// The copy at full size, for drawing it as an ordinary layer (not over its own feed).
    var image: PixmanImage {
        if fullFrame != shownFrame {
            fullFrame = shownFrame
            kiosk_upscale_columns(wide.pixels, wide.rowLength, Int32(wide.height), Int32(factor),
                                  full.pixels, full.rowLength, Int32(width), Int32(height))
        }
        return fullImage
    }

    /// Writes the copy faded over `camera` into `output` for `rect` in the view's coordinates, with
    /// `alpha` in 128ths; `camera` and `output` are addressed at the rect plus their own origins.
    func fade(over camera: PixelBuffer, cameraOrigin: (x: Int, y: Int), into output: PixelBuffer,
              outputOrigin: (x: Int, y: Int), rect: PixelRect, alpha: Int) {
        kiosk_fade_rect(output.pixels + (outputOrigin.y + rect.y) * output.rowLength + outputOrigin.x + rect.x, output.rowLength,
                        camera.pixels + (cameraOrigin.y + rect.y) * camera.rowLength + cameraOrigin.x + rect.x, camera.rowLength,
                        wide.pixels, wide.rowLength, Int32(wide.height), Int32(factor),
                        Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height), Int32(alpha))
    }
}
