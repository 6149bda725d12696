import CPixman
import KioskEngine

/// Rounded-rectangle masks for views clipped by a rounded ancestor, drawn once per shape.
///
/// pixman takes one mask per composite, so a clipped view that is also translucent gets a copy of
/// its mask scaled by the opacity; that copy is refilled in place when the opacity changes.
final class ClipMaskCache {
    private struct Shape: Hashable {
        var width: Int
        var height: Int
        var radius: Double
    }

    private final class Entry {
        let shape: PixmanImage
        let faded: PixmanImage
        var fadedOpacity: Double = -1
        var lastUsed: UInt64 = 0

        init(shape: PixmanImage, faded: PixmanImage) {
            self.shape = shape
            self.faded = faded
        }
    }

    private var entries: [Shape: Entry] = [:]
    private let keepFrames: UInt64 = 600

    /// The mask for `clip` at `opacity`, mapped so that destination pixels sample it.
    func mask(for clip: RoundedClip, opacity: Double, frame: UInt64) -> PixmanImage? {
        let key = Shape(width: clip.width, height: clip.height, radius: clip.radius)
        let entry = entries[key] ?? make(key)
        entries[key] = entry
        entry.lastUsed = frame
        var image = entry.shape
        if opacity < 1 {
            if entry.fadedOpacity != opacity {
                let alpha = PixmanImage(opacity: opacity)
                pixman_image_composite32(PIXMAN_OP_SRC, entry.shape.raw, alpha.raw, entry.faded.raw, 0, 0, 0, 0, 0, 0,
                                         Int32(clip.width), Int32(clip.height))
                entry.fadedOpacity = opacity
            }
            image = entry.faded
        }
        guard let transform = clip.matrix.pixmanSourceTransform else { return nil }
        image.setTransform(transform)
        image.setFilter(bilinear: !clip.matrix.isIntegerTranslation)
        return image
    }

    func evict(before frame: UInt64) {
        guard frame > keepFrames else { return }
        entries = entries.filter { $0.value.lastUsed + keepFrames >= frame }
    }

    private func make(_ shape: Shape) -> Entry {
        // The shape is a white rounded card; only its alpha matters to a mask.
        let key = LayerSurfaceKey(width: shape.width, height: shape.height, backgroundColor: .white,
                                  cornerRadius: shape.radius, shadow: nil, content: .none)
        return Entry(shape: PixmanImage(LayerPainter(textLayouts: TextLayoutCache()).paint(key).buffer, opaque: false),
                     faded: PixmanImage(PixelBuffer(width: shape.width, height: shape.height), opaque: false))
    }
}
