/// Percentiles over the most recent samples (frame composition times): the last `capacity` kept.
public struct RunningStatistics {
    private var recent: [Double] = []
    private var next = 0
    private let capacity: Int
    public private(set) var count: UInt64 = 0

    public init(capacity: Int = 1024) {
        precondition(capacity > 0, "a window needs room for a sample")
        self.capacity = capacity
    }

    public mutating func add(_ value: Double) {
        count += 1
        if recent.count < capacity {
            recent.append(value)
        } else {
            recent[next] = value
            next = (next + 1) % capacity
        }
    }

    /// The `fraction` percentile (0.5: the median) of the kept samples, nearest-rank; 0 without any.
    public func percentile(_ fraction: Double) -> Double {
        guard !recent.isEmpty else { return 0 }
        let rank = Int((fraction * Double(recent.count)).rounded(.up)) - 1
        return recent.sorted()[min(max(rank, 0), recent.count - 1)]
    }
}
