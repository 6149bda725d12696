import CPixman
import KioskEngine

extension PixelBuffer {
    /// This picture scaled (bilinear, through pixman) into `target`, which is returned.
    @discardableResult
    public func scaled(into target: PixelBuffer) -> PixelBuffer {
        let source = PixmanImage(self, opaque: true)
        let destination = PixmanImage(target, opaque: true)
        source.setTransform(ProjectiveMatrix.scale(Double(target.width) / Double(width),
                                                   Double(target.height) / Double(height)).pixmanSourceTransform)
        source.setFilter(bilinear: true)
        pixman_image_set_repeat(source.raw, PIXMAN_REPEAT_PAD)
        pixman_image_composite32(PIXMAN_OP_SRC, source.raw, nil, destination.raw, 0, 0, 0, 0, 0, 0,
                                 Int32(target.width), Int32(target.height))
        return target
    }

    /// A new buffer `width` pixels wide holding this picture, its aspect ratio kept.
    public func scaled(toWidth newWidth: Int) -> PixelBuffer {
        let newHeight = max(Int((Double(height) * Double(newWidth) / Double(max(width, 1))).rounded()), 1)
        return scaled(into: PixelBuffer(width: max(newWidth, 1), height: newHeight))
    }
}
