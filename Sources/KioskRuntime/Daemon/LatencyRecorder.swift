/// Input-event-to-frame-presented latency: each touch waits for the next frame that is put on
/// screen after it, and the wait is its latency.
public struct LatencyRecorder {
    private var waiting: [Double] = []
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

    /// The `fraction` percentile (0.99 for p99) in seconds, nearest-rank; nil without samples.
    public func percentile(_ fraction: Double) -> Double? {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }
}
