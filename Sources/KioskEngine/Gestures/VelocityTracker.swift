/// Estimates a finger's velocity from its recent positions by a least-squares line fit, which
/// shrugs off the jitter of single samples that a last-two-points difference would amplify.
/// Keeps a fixed ring of samples, so tracking allocates nothing per event.
public struct VelocityTracker: Sendable {
    /// Seconds of history the fit uses.
    public var window: Double
    private var times: [Double]
    private var xs: [Double]
    private var ys: [Double]
    private var next = 0
    private var count = 0

    public init(window: Double = 0.1, capacity: Int = 32) {
        self.window = window
        times = Array(repeating: 0, count: capacity)
        xs = times
        ys = times
    }

    public mutating func reset() {
        next = 0
        count = 0
    }

    public mutating func add(_ point: Point, at time: Double) {
        times[next] = time
        xs[next] = point.x
        ys[next] = point.y
        next = (next + 1) % times.count
        count = min(count + 1, times.count)
    }

    /// Pixels per second; zero with fewer than two samples in the window.
    public var velocity: Point {
        guard count >= 2 else { return .zero }
        let newest = (next - 1 + times.count) % times.count
        let latest = times[newest]
        var n = 0.0, sumT = 0.0, sumX = 0.0, sumY = 0.0
        for k in 0..<count {
            let i = (newest - k + times.count) % times.count
            guard latest - times[i] <= window + 1e-9 else { break }
            n += 1; sumT += times[i]; sumX += xs[i]; sumY += ys[i]
        }
        guard n >= 2 else { return .zero }
        let meanT = sumT / n, meanX = sumX / n, meanY = sumY / n
        var stt = 0.0, stx = 0.0, sty = 0.0
        for k in 0..<Int(n) {
            let i = (newest - k + times.count) % times.count
            let dt = times[i] - meanT
            stt += dt * dt; stx += dt * (xs[i] - meanX); sty += dt * (ys[i] - meanY)
        }
        guard stt > 1e-12 else { return .zero }
        return Point(x: stx / stt, y: sty / stt)
    }
}
