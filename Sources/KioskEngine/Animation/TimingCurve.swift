import Foundation

/// How an animation's progress follows time: the role of UIKit's timing parameters.
///
/// `value(at:duration:)` maps the fraction of elapsed time (0...1) to the fraction of the
/// distance covered. Cubic curves ignore the duration; a spring needs it because it is tuned to
/// settle within the animation's duration and starts at a velocity given per second.
public enum TimingCurve: Hashable, Sendable {
    case linear
    /// A CSS/Core Animation cubic Bézier from (0,0) to (1,1) through two control points.
    case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)
    /// A damped spring that settles within the duration. `initialVelocity` is in units of the
    /// animated distance per second (2 = the whole distance in half a second), as UIKit's.
    case spring(dampingRatio: Double, initialVelocity: Double)

    public static let easeIn = TimingCurve.cubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1)
    public static let easeOut = TimingCurve.cubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1)
    public static let easeInOut = TimingCurve.cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)

    /// The covered fraction of the distance after `fraction` of `duration` has elapsed.
    public func value(at fraction: Double, duration: Double) -> Double {
        if fraction <= 0 { return 0 }
        if fraction >= 1 { return 1 }
        switch self {
        case .linear:
            return fraction
        case let .cubicBezier(x1, y1, x2, y2):
            return Self.bezier(fraction, x1: x1, y1: y1, x2: x2, y2: y2)
        case let .spring(dampingRatio, initialVelocity):
            return Self.spring(time: fraction * duration, duration: duration,
                               dampingRatio: dampingRatio, initialVelocity: initialVelocity)
        }
    }

    /// The same curve starting at another velocity; only a spring has one.
    public func withInitialVelocity(_ velocity: Double) -> TimingCurve {
        if case let .spring(dampingRatio, _) = self {
            return .spring(dampingRatio: dampingRatio, initialVelocity: velocity)
        }
        return self
    }

    private static func bezier(_ x: Double, x1: Double, y1: Double, x2: Double, y2: Double) -> Double {
        func coordinate(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - t
            return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
        }
        func slope(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - t
            return 3 * u * u * p1 + 6 * u * t * (p2 - p1) + 3 * t * t * (1 - p2)
        }
        // Newton converges in a few steps for ordinary curves; bisection catches flat slopes.
        var t = x
        for _ in 0..<8 {
            let error = coordinate(t, x1, x2) - x
            if abs(error) < 1e-9 { return coordinate(t, y1, y2) }
            let d = slope(t, x1, x2)
            if abs(d) < 1e-6 { break }
            t -= error / d
        }
        var low = 0.0, high = 1.0
        t = x
        for _ in 0..<60 {
            let current = coordinate(t, x1, x2)
            if abs(current - x) < 1e-9 { break }
            if current < x { low = t } else { high = t }
            t = (low + high) / 2
        }
        return coordinate(t, y1, y2)
    }

    /// Position of a unit spring released at 0 toward 1 with `initialVelocity`, stiffness chosen
    /// so the motion has died down to a thousandth of the distance when `duration` ends.
    private static func spring(time t: Double, duration: Double, dampingRatio: Double, initialVelocity v0: Double) -> Double {
        guard duration > 0 else { return 1 }
        let zeta = max(dampingRatio, 0.05)
        let displacement: Double
        if zeta < 1 {
            let omega = 6.9 / (zeta * duration)
            let omegaD = omega * (1 - zeta * zeta).squareRoot()
            let b = (v0 - zeta * omega) / omegaD
            displacement = exp(-zeta * omega * t) * (-cos(omegaD * t) + b * sin(omegaD * t))
        } else if zeta == 1 {
            let omega = 9.2 / duration
            displacement = exp(-omega * t) * (-1 + (v0 - omega) * t)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let omega = 7.5 / (duration * (zeta - root))
            let r1 = -omega * (zeta - root), r2 = -omega * (zeta + root)
            let c2 = (v0 + r1) / (r2 - r1)
            let c1 = -1 - c2
            displacement = c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
        return 1 + displacement
    }
}
