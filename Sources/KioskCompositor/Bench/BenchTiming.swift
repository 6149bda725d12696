/// Median and 99th percentile of a set of frame times, in milliseconds.
public struct BenchTiming: Sendable, Equatable {
    public var median: Double
    public var p99: Double
    public var samples: Int

    public init(milliseconds: [Double]) {
        let sorted = milliseconds.sorted()
        samples = sorted.count
        guard !sorted.isEmpty else {
            median = 0
            p99 = 0
            return
        }
        let middle = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        p99 = sorted[min(Int((Double(sorted.count) * 0.99).rounded(.up)) - 1, sorted.count - 1)]
    }
}
