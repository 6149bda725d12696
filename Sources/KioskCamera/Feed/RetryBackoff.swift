/// Exponential back-off between attempts to reopen a camera.
struct RetryBackoff: Hashable, Sendable {
    let initialDelay: Double
    let maximumDelay: Double
    private(set) var currentDelay: Double

    init(initialDelay: Double, maximumDelay: Double) {
        self.initialDelay = max(initialDelay, 0.05)
        self.maximumDelay = max(maximumDelay, self.initialDelay)
        currentDelay = self.initialDelay
    }

    /// The wait before the next attempt; each call doubles the following one, up to the maximum.
    mutating func nextDelay() -> Double {
        let delay = currentDelay
        currentDelay = min(currentDelay * 2, maximumDelay)
        return delay
    }

    /// Back to the shortest wait, after the camera delivered a good frame.
    mutating func reset() {
        currentDelay = initialDelay
    }
}
