import CPixman
import KioskEngine

/// The blurred, tinted copy of the feed frame at one size, recomputed only for a new frame.
///
/// Downscale (bilinear) to a fraction of the size, box-blur the small copy, tint it, then scale back
/// up (bilinear): each step is cheap at the small size, and only the last touches every pixel.
final class BackgroundBlur {
    let width: Int
    let height: Int
    let style: BlurStyle
    /// The result at full size, opaque.
    let output: PixelBuffer
    let outputImage: PixmanImage
    private let small: PixelBuffer
    private let smallImage: PixmanImage
    private let factor: Int
    private var shownFrame: FeedFrameID?

    init(width: Int, height: Int, style: BlurStyle) {
        self.width = width
        self.height = height
        self.style = style
        factor = min(max(Int(style.radius / 6), 1), 8)
        small = PixelBuffer(width: max((width + factor - 1) / factor, 1), height: max((height + factor - 1) / factor, 1))
        smallImage = PixmanImage(small, opaque: true)
        output = PixelBuffer(width: width, height: height)
        outputImage = PixmanImage(output, opaque: true)
    }

    /// Brings the output up to date with `frame`; a frame already shown costs nothing.
    func update(from frame: PixelBuffer) {
        let id = FeedFrameID(buffer: ObjectIdentifier(frame), sequence: frame.sequence)
        guard id != shownFrame else { return }
        shownFrame = id
        let source = PixmanImage(frame, opaque: true)
        // Aspect-fill the frame into the small buffer in one bilinear step.
        let fw = Double(frame.width), fh = Double(frame.height)
        let sw = Double(small.width), sh = Double(small.height)
        let scale = max(sw / fw, sh / fh)
        let fill = ProjectiveMatrix.scale(scale, scale).concatenating(.translation((sw - fw * scale) / 2, (sh - fh * scale) / 2))
        source.setTransform(fill.pixmanSourceTransform)
        source.setFilter(bilinear: true)
        pixman_image_composite32(PIXMAN_OP_SRC, source.raw, nil, smallImage.raw, 0, 0, 0, 0, 0, 0,
                                 Int32(small.width), Int32(small.height))
        BoxBlur(radius: max(Int((style.radius / Double(factor) / 2).rounded()), 1)).apply(to: small)
        if style.tint.alpha > 0 {
            let tint = PixmanImage(solid: style.tint)
            pixman_image_composite32(PIXMAN_OP_OVER, tint.raw, nil, smallImage.raw, 0, 0, 0, 0, 0, 0,
                                     Int32(small.width), Int32(small.height))
        }
        let up = ProjectiveMatrix.scale(Double(width) / sw, Double(height) / sh)
        smallImage.setTransform(up.pixmanSourceTransform)
        smallImage.setFilter(bilinear: true)
        // Pad repeats the edge so the border does not fade to black.
        pixman_image_set_repeat(smallImage.raw, PIXMAN_REPEAT_PAD)
        pixman_image_composite32(PIXMAN_OP_SRC, smallImage.raw, nil, outputImage.raw, 0, 0, 0, 0, 0, 0,
                                 Int32(width), Int32(height))
        smallImage.setTransform(nil)
        pixman_image_set_repeat(smallImage.raw, PIXMAN_REPEAT_NONE)
    }
}
