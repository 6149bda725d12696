/// Exponential back-off between attempts to reopen a camera or reach a broker.
public struct RetryBackoff: Hashable, Sendable {
    public let initialDelay: Double
    public let maximumDelay: Double
    public private(set) var currentDelay: Double

    public init(initialDelay: Double, maximumDelay: Double) {
        self.initialDelay = max(initialDelay, 0.05)
        self.maximumDelay = max(maximumDelay, self.initialDelay)
        currentDelay = self.initialDelay
    }

    /// The wait before the next attempt; each call doubles the following one, up to the maximum.
    public mutating func nextDelay() -> Double {
        let delay = currentDelay
        currentDelay = min(currentDelay * 2, maximumDelay)
        return delay
    }

    /// Back to the shortest wait, after the camera delivered a good frame (or the broker answered).
    public mutating func reset() {
        currentDelay = initialDelay
    }
}
