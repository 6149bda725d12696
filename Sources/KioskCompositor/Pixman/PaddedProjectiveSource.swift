import CKioskPixels
import CPixman
import KioskEngine

/// A picture handed to pixman's projective path inside a transparent border, with the map moved
/// to match, so that no sample in the drawn box has a negative source coordinate. The move is
/// made on pixman's 16.16 entries, exactly: the map is the one `pixmanSourceTransform` gives.
///
/// pixman (0.42, Debian's) divides a projective sample's coordinates as unsigned numbers: a
/// sample left of or above the picture lands anywhere instead of off it, which drops the outer
/// half of the antialiased top and left edges and now and then shows a stray pixel.
struct PaddedProjectiveSource {
    let image: PixmanImage
    let transform: pixman_transform

    /// Nil when no border is needed (nothing in `box` maps left of or above the picture) or none
    /// can help (part of `box` maps from behind the viewer, or the border would be huge).
    init?(_ source: PixelBuffer, through matrix: ProjectiveMatrix, box: PixelRect) {
        guard let inverse = matrix.inverse, var transform = matrix.pixmanSourceTransform else { return nil }
        let corners = [(box.x, box.y), (box.x + box.width, box.y), (box.x, box.y + box.height),
                       (box.x + box.width, box.y + box.height)]
        var lowest = 0.0
        for (x, y) in corners {
            // The box is convex and in front of the viewer, so its corners bound every sample.
            guard let point = inverse.apply(Point(x: Double(x), y: Double(y))) else { return nil }
            lowest = min(lowest, point.x, point.y)
        }
        guard lowest < 0 else { return nil }
        let border = Int((-lowest).rounded(.up)) + 2
        guard border <= 4096 else { return nil }
        // Source coordinates u / w and v / w grow by `border`: border x w is added to u and v.
        let border32 = pixman_fixed_t(border)
        func moved(_ entry: pixman_fixed_t, _ depth: pixman_fixed_t) -> pixman_fixed_t? {
            pixman_fixed_t(exactly: Int64(entry) + Int64(border32) * Int64(depth))
        }
        guard let a = moved(transform.matrix.0.0, transform.matrix.2.0), let b = moved(transform.matrix.0.1, transform.matrix.2.1),
              let c = moved(transform.matrix.0.2, transform.matrix.2.2), let d = moved(transform.matrix.1.0, transform.matrix.2.0),
              let e = moved(transform.matrix.1.1, transform.matrix.2.1), let f = moved(transform.matrix.1.2, transform.matrix.2.2)
        else { return nil }
        transform.matrix.0 = (a, b, c)
        transform.matrix.1 = (d, e, f)
        self.transform = transform
        let padded = PixelBuffer(width: source.width + 2 * border, height: source.height + 2 * border)
        kiosk_copy_rect(padded.pixels + border * padded.rowLength + border, padded.rowLength,
                        source.pixels, source.rowLength, Int32(source.width), Int32(source.height))
        image = PixmanImage(padded, opaque: false)
    }
}
