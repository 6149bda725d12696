/// Count and percentiles of a long stream of durations, in bounded memory: the most recent
/// samples are kept, enough for figures that follow what the daemon does now.
struct RunningStatistics {
    private var recent: [Double] = []
    private var next = 0
    private let capacity = 1024
    private(set) var count: UInt64 = 0

    mutating func add(_ value: Double) {
        count += 1
        if recent.count < capacity {
            recent.append(value)
        } else {
            recent[next] = value
            next = (next + 1) % capacity
        }
    }

    /// The `fraction` percentile (0.5: the median) of the kept samples, nearest-rank; 0 without any.
    func percentile(_ fraction: Double) -> Double {
        guard !recent.isEmpty else { return 0 }
        let rank = Int((fraction * Double(recent.count)).rounded(.up)) - 1
        return recent.sorted()[min(max(rank, 0), recent.count - 1)]
    }
}
