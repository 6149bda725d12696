import CPixman
import KioskEngine

/// 8-bit coverage (pixman a8) that a colour or picture is composited through: text's glyphs and
/// rounded rectangles, drawn once and kept with the surface they shape.
final class CoverageMask {
    let width: Int
    let height: Int
    /// Bytes per row, a multiple of 4 as pixman asks.
    let stride: Int
    let bytes: UnsafeMutablePointer<UInt8>
    let raw: OpaquePointer
    private let storage: UnsafeMutablePointer<UInt32>

    /// A mask of `width` x `height` with no coverage.
    init(width: Int, height: Int) {
        self.width = max(width, 1)
        self.height = max(height, 1)
        stride = (self.width + 3) & ~3
        let words = stride / 4 * self.height
        storage = .allocate(capacity: words)
        storage.initialize(repeating: 0, count: words)
        bytes = UnsafeMutableRawPointer(storage).bindMemory(to: UInt8.self, capacity: stride * self.height)
        raw = pixman_image_create_bits(PIXMAN_a8, Int32(self.width), Int32(self.height), storage, Int32(stride))!
    }

    /// A rounded rectangle filling the mask, anti-aliased by each pixel centre's distance to the edge
    /// (within a 256th of the exact area for a corner radius of a pixel or more).
    convenience init(roundedRectWidth width: Int, height: Int, radius: Double) {
        self.init(width: width, height: height)
        let r = min(max(radius, 0), Double(min(width, height)) / 2)
        let halfWidth = Double(width) / 2, halfHeight = Double(height) / 2
        for y in 0..<self.height {
            let row = bytes + y * stride
            let qy = abs(Double(y) + 0.5 - halfHeight) - (halfHeight - r)
            // Between the corners' rows every pixel is inside by half a pixel at least.
            if qy <= 0 && r >= 0.5 {
                row.update(repeating: 255, count: width)
                continue
            }
            for x in 0..<self.width {
                let qx = abs(Double(x) + 0.5 - halfWidth) - (halfWidth - r)
                // A rounded box's signed distance: outside the corner square it is the straight edge's.
                let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
                let distance = outside + min(max(qx, qy), 0) - r
                row[x] = UInt8((min(max(0.5 - distance, 0), 1) * 255).rounded())
            }
        }
    }

    deinit {
        pixman_image_unref(raw)
        storage.deallocate()
    }

    subscript(x: Int, y: Int) -> UInt8 { bytes[y * stride + x] }

    /// This coverage grown by `radius` pixels all round (each pixel the most of the disc around it):
    /// the outline a stroke of twice that width would add.
    func dilated(by radius: Double) -> CoverageMask {
        let grown = CoverageMask(width: width, height: height)
        let reach = Int(radius.rounded(.up))
        var offsets: [(dx: Int, dy: Int)] = []
        for dy in -reach...reach {
            for dx in -reach...reach where Double(dx * dx + dy * dy) <= radius * radius {
                offsets.append((dx, dy))
            }
        }
        for y in 0..<height {
            for x in 0..<width {
                var most: UInt8 = 0
                for offset in offsets {
                    let sx = x + offset.dx, sy = y + offset.dy
                    guard sx >= 0, sx < width, sy >= 0, sy < height else { continue }
                    most = max(most, self[sx, sy])
                    if most == 255 { break }
                }
                grown.bytes[y * stride + x] = most
            }
        }
        return grown
    }

    /// Composites `color` through this mask onto `buffer` (OVER), the mask's top left at (`x`, `y`).
    func fill(_ buffer: PixelBuffer, with color: Color, x: Int = 0, y: Int = 0) {
        let source = PixmanImage(solid: color)
        let destination = PixmanImage(buffer, opaque: false)
        withExtendedLifetime((source, destination)) {
            pixman_image_composite32(PIXMAN_OP_OVER, source.raw, raw, destination.raw, 0, 0, 0, 0,
                                     Int32(x), Int32(y), Int32(width), Int32(height))
        }
    }
}
