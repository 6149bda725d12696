import Foundation

/// A 4x4 transform in Core Animation's row-vector convention: a point (x, y, z, 1) times the matrix.
///
/// The affine part covers translation, scale and rotation in the plane; `m34` carries the perspective
/// that turns a rotation about the vertical axis into a real 3D flip. Transforms apply about the
/// view's centre, as a layer's transform applies about its anchor point.
public struct Transform3D: Hashable, Sendable {
    public var m11: Double, m12: Double, m13: Double, m14: Double
    public var m21: Double, m22: Double, m23: Double, m24: Double
    public var m31: Double, m32: Double, m33: Double, m34: Double
    public var m41: Double, m42: Double, m43: Double, m44: Double

    public static let identity = Transform3D(
        m11: 1, m12: 0, m13: 0, m14: 0,
        m21: 0, m22: 1, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1)

    public init(
        m11: Double, m12: Double, m13: Double, m14: Double,
        m21: Double, m22: Double, m23: Double, m24: Double,
        m31: Double, m32: Double, m33: Double, m34: Double,
        m41: Double, m42: Double, m43: Double, m44: Double
    ) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    public static func translation(x: Double, y: Double, z: Double = 0) -> Transform3D {
        var t = Transform3D.identity
        t.m41 = x; t.m42 = y; t.m43 = z
        return t
    }

    public static func scale(x: Double, y: Double, z: Double = 1) -> Transform3D {
        var t = Transform3D.identity
        t.m11 = x; t.m22 = y; t.m33 = z
        return t
    }

    /// Rotation in the screen plane (about z), in radians.
    public static func rotation(z angle: Double) -> Transform3D {
        var t = Transform3D.identity
        t.m11 = cos(angle); t.m12 = sin(angle)
        t.m21 = -sin(angle); t.m22 = cos(angle)
        return t
    }

    /// Rotation about the vertical axis, in radians: the flip and cube transitions turn views this way.
    public static func rotation(y angle: Double) -> Transform3D {
        var t = Transform3D.identity
        t.m11 = cos(angle); t.m13 = -sin(angle)
        t.m31 = sin(angle); t.m33 = cos(angle)
        return t
    }

    /// A perspective seen from `distance` pixels in front of the screen (m34 = -1/distance).
    public static func perspective(distance: Double) -> Transform3D {
        var t = Transform3D.identity
        t.m34 = -1 / distance
        return t
    }

    /// `self` applied first, then `other`.
    public func concatenating(_ other: Transform3D) -> Transform3D {
        let a = self, b = other
        func row(_ r: (Double, Double, Double, Double)) -> (Double, Double, Double, Double) {
            (r.0 * b.m11 + r.1 * b.m21 + r.2 * b.m31 + r.3 * b.m41,
             r.0 * b.m12 + r.1 * b.m22 + r.2 * b.m32 + r.3 * b.m42,
             r.0 * b.m13 + r.1 * b.m23 + r.2 * b.m33 + r.3 * b.m43,
             r.0 * b.m14 + r.1 * b.m24 + r.2 * b.m34 + r.3 * b.m44)
        }
        let r1 = row((a.m11, a.m12, a.m13, a.m14)), r2 = row((a.m21, a.m22, a.m23, a.m24))
        let r3 = row((a.m31, a.m32, a.m33, a.m34)), r4 = row((a.m41, a.m42, a.m43, a.m44))
        return Transform3D(
            m11: r1.0, m12: r1.1, m13: r1.2, m14: r1.3,
            m21: r2.0, m22: r2.1, m23: r2.2, m24: r2.3,
            m31: r3.0, m32: r3.1, m33: r3.2, m34: r3.3,
            m41: r4.0, m42: r4.1, m43: r4.2, m44: r4.3)
    }

    /// Maps a point in the plane z = 0 and divides by w; nil when it lands behind the viewer.
    public func apply(to point: Point) -> Point? {
        let x = point.x * m11 + point.y * m21 + m41
        let y = point.x * m12 + point.y * m22 + m42
        let w = point.x * m14 + point.y * m24 + m44
        guard w > 1e-9 else { return nil }
        return Point(x: x / w, y: y / w)
    }

    public var isIdentity: Bool { self == .identity }

    /// True when the transform is a plain 2D affine map (no perspective, no depth).
    public var isAffine: Bool { m14 == 0 && m24 == 0 && m34 == 0 && m44 == 1 && m13 == 0 && m23 == 0 }

    /// True when the transform only translates in the plane.
    public var isTranslation: Bool {
        isAffine && m11 == 1 && m12 == 0 && m21 == 0 && m22 == 1
    }

    /// Linear interpolation of every component: what an animator does between two transforms.
    public static func interpolate(_ a: Transform3D, _ b: Transform3D, _ t: Double) -> Transform3D {
        func l(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
        return Transform3D(
            m11: l(a.m11, b.m11), m12: l(a.m12, b.m12), m13: l(a.m13, b.m13), m14: l(a.m14, b.m14),
            m21: l(a.m21, b.m21), m22: l(a.m22, b.m22), m23: l(a.m23, b.m23), m24: l(a.m24, b.m24),
            m31: l(a.m31, b.m31), m32: l(a.m32, b.m32), m33: l(a.m33, b.m33), m34: l(a.m34, b.m34),
            m41: l(a.m41, b.m41), m42: l(a.m42, b.m42), m43: l(a.m43, b.m43), m44: l(a.m44, b.m44))
    }
}
