/// Input-event-to-screen latency: each touch waits for the next frame that is put on screen after
/// it, and the wait is its latency. Where the display reports flips, a touch counts until the flip
/// event of the first frame that showed it; elsewhere until that frame was presented.
public struct LatencyRecorder {
    private var waiting: [Double] = []
    /// Touches in presented frames not on screen yet, by the number of the present that took them.
    private var inFlight: [(present: Int, times: [Double])] = []
    public private(set) var samples: [Double] = []

    public init() {}

    /// A touch with kernel (or replay) time `time` reached the engine.
    public mutating func inputArrived(at time: Double) {
        waiting.append(time)
    }

    /// A frame was presented at `time`: every touch waiting for one has its latency.
    public mutating func framePresented(at time: Double) {
        samples += waiting.map { time - $0 }
        waiting.removeAll()
    }

    /// Present number `present` took every waiting touch; they count when a flip shows it.
    public mutating func framePresented(number present: Int) {
        guard !waiting.isEmpty else { return }
        inFlight.append((present, waiting))
        waiting.removeAll()
    }

    /// A flip put the frames up to present number `presentsCovered` on screen at `time`.
    public mutating func framesShown(at time: Double, presentsCovered: Int) {
        while let first = inFlight.first, first.present <= presentsCovered {
            samples += first.times.map { time - $0 }
            inFlight.removeFirst()
        }
    }

    /// The `fraction` percentile (0.99 for p99) in seconds, nearest-rank; nil without samples.
    public func percentile(_ fraction: Double) -> Double? {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }
}
