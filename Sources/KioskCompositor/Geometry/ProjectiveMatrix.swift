import CPixman
import KioskEngine

/// A 3x3 projective map of the plane in the row-vector convention of `Transform3D`:
/// (x, y, 1) times the matrix, then divided by w.
///
/// A `Transform3D` applied to the plane z = 0 reduces to this; composing the reductions is how a
/// layer tree flattens each layer into its parent, as Core Animation does by default.
struct ProjectiveMatrix: Hashable, Sendable {
    var a: Double, b: Double, c: Double
    var d: Double, e: Double, f: Double
    var g: Double, h: Double, i: Double

    static let identity = ProjectiveMatrix(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0, g: 0, h: 0, i: 1)

    static func translation(_ x: Double, _ y: Double) -> ProjectiveMatrix {
        ProjectiveMatrix(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0, g: x, h: y, i: 1)
    }

    static func scale(_ x: Double, _ y: Double) -> ProjectiveMatrix {
        ProjectiveMatrix(a: x, b: 0, c: 0, d: 0, e: y, f: 0, g: 0, h: 0, i: 1)
    }

    /// The plane-to-plane part of a 4x4 transform (columns x, y, w; rows x, y, translation).
    init(_ t: Transform3D) {
        self.init(a: t.m11, b: t.m12, c: t.m14, d: t.m21, e: t.m22, f: t.m24, g: t.m41, h: t.m42, i: t.m44)
    }

    init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double, g: Double, h: Double, i: Double) {
        self.a = a; self.b = b; self.c = c
        self.d = d; self.e = e; self.f = f
        self.g = g; self.h = h; self.i = i
    }

    /// `self` applied first, then `other`.
    func concatenating(_ o: ProjectiveMatrix) -> ProjectiveMatrix {
        ProjectiveMatrix(
            a: a * o.a + b * o.d + c * o.g, b: a * o.b + b * o.e + c * o.h, c: a * o.c + b * o.f + c * o.i,
            d: d * o.a + e * o.d + f * o.g, e: d * o.b + e * o.e + f * o.h, f: d * o.c + e * o.f + f * o.i,
            g: g * o.a + h * o.d + i * o.g, h: g * o.b + h * o.e + i * o.h, i: g * o.c + h * o.f + i * o.i)
    }

    /// The image of `point`; nil when it lands at or behind the viewer.
    func apply(_ point: Point) -> Point? {
        let w = point.x * c + point.y * f + i
        guard w > 1e-9 else { return nil }
        return Point(x: (point.x * a + point.y * d + g) / w, y: (point.x * b + point.y * e + h) / w)
    }

    var inverse: ProjectiveMatrix? {
        let ca = e * i - f * h, cb = -(d * i - f * g), cc = d * h - e * g
        let det = a * ca + b * cb + c * cc
        guard abs(det) > 1e-12 else { return nil }
        let s = 1 / det
        return ProjectiveMatrix(
            a: ca * s, b: -(b * i - c * h) * s, c: (b * f - c * e) * s,
            d: cb * s, e: (a * i - c * g) * s, f: -(a * f - c * d) * s,
            g: cc * s, h: -(a * h - b * g) * s, i: (a * e - b * d) * s)
    }

    var isAffine: Bool { c == 0 && f == 0 && i == 1 }
    var isTranslation: Bool { isAffine && a == 1 && b == 0 && d == 0 && e == 1 }
    /// No rotation or shear: a rectangle stays an axis-aligned rectangle.
    var isAxisAligned: Bool { isAffine && b == 0 && d == 0 && a > 0 && e > 0 }
    var isIntegerTranslation: Bool { isTranslation && g == g.rounded() && h == h.rounded() }

    /// The pixman transform for drawing through this map: pixman maps destination to source
    /// with column vectors, so it takes the transposed inverse, scaled so fixed point keeps precision.
    var pixmanSourceTransform: pixman_transform? {
        guard let inv = inverse else { return nil }
        // Any multiple of a projective matrix is the same map, and a larger one loses less to 16.16
        // (a turned layer's tiny perspective entries most: at 1/256 of this scale its far edge jumped
        // by up to 4.6 pixels between frames). But pixman holds u, v and w at a span's first pixel in
        // 16.16 as well, so the scale keeps each under 30000 across the first 4096 x 4096 pixels.
        let reach = [(inv.a, inv.d, inv.g), (inv.b, inv.e, inv.h), (inv.c, inv.f, inv.i)]
            .map { (abs($0.0) + abs($0.1)) * 4096 + abs($0.2) }.max() ?? 1
        let scale = isAffine ? 1 / inv.i : 30000 / reach
        var f = pixman_f_transform()
        f.m = ((inv.a * scale, inv.d * scale, inv.g * scale),
               (inv.b * scale, inv.e * scale, inv.h * scale),
               (inv.c * scale, inv.f * scale, inv.i * scale))
        var t = pixman_transform()
        guard pixman_transform_from_pixman_f_transform(&t, &f) != 0 else { return nil }
        return t
    }

    /// The map `pixmanSourceTransform` gives pixman, as the scanline kernel takes it: output pixel
    /// centre to source, rows u, v, w, entries rounded to 16.16 as pixman's are, so the kernel and
    /// pixman draw the very same map.
    var kernelSourceMap: [Double]? {
        guard let t = pixmanSourceTransform else { return nil }
        let m = t.matrix
        return [m.0.0, m.0.1, m.0.2, m.1.0, m.1.1, m.1.2, m.2.0, m.2.1, m.2.2].map { Double($0) / 65536 }
    }

    /// The map a perspective layer is really drawn through: pixman and the kernel both take
    /// `kernelSourceMap`, whose 16.16 entries move a strongly turned layer's far edge by pixels.
    /// A layer's bounds and opaque inside must come from this map, not the exact one, or pixels
    /// the inside claims are left undrawn. The map itself for an affine map (nothing to correct)
    /// or when the rounded map cannot be inverted. Only for geometry: drawing through it would
    /// round the map a second time, to a slightly different one.
    var asDrawn: ProjectiveMatrix {
        guard !isAffine, let m = kernelSourceMap else { return self }
        // kernelSourceMap's rows give u, v, w from the output point; in this type's convention
        // that map is (a: u by x, b: v by x, c: w by x, d: u by y, ...).
        return ProjectiveMatrix(a: m[0], b: m[3], c: m[6], d: m[1], e: m[4], f: m[7], g: m[2], h: m[5], i: m[8]).inverse ?? self
    }

    /// The whole pixels covered by `rect` mapped through this map: all it touches, or (inward) only
    /// those it covers fully. Nil when a corner falls behind the viewer.
    func screenBox(of rect: Rect, inward: Bool) -> PixelRect? {
        guard !rect.isEmpty else { return nil }
        let corners = [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
                       Point(x: rect.minX, y: rect.maxY), Point(x: rect.maxX, y: rect.maxY)].compactMap(apply)
        guard corners.count == 4 else { return nil }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let minX = xs.min()!, maxX = xs.max()!, minY = ys.min()!, maxY = ys.max()!
        // Snap coordinates that are whole up to rounding error, so an exact fit stays exact.
        func snap(_ v: Double, _ rule: FloatingPointRoundingRule) -> Int {
            abs(v - v.rounded()) < 1e-6 ? Int(v.rounded()) : Int(v.rounded(rule))
        }
        let box = inward
            ? PixelRect(x: snap(minX, .up), y: snap(minY, .up), width: 0, height: 0)
            : PixelRect(x: snap(minX, .down), y: snap(minY, .down), width: 0, height: 0)
        let x1 = inward ? snap(maxX, .down) : snap(maxX, .up)
        let y1 = inward ? snap(maxY, .down) : snap(maxY, .up)
        let result = PixelRect(x: box.x, y: box.y, width: x1 - box.x, height: y1 - box.y)
        return result.isEmpty ? nil : result
    }
}
