/// A feed's producer winding down after `stop()`: raised once it has released its device, so the
/// next feed's producer can wait for that on its own thread while the event loop goes on.
public final class FeedStop: Sendable {
    private let finished = EventSignal()

    public init() {}

    /// A stop with nothing to wait for (the feed was not running).
    public static func done() -> FeedStop {
        let stop = FeedStop()
        stop.markFinished()
        return stop
    }

    /// The producer has released everything.
    public func markFinished() {
        finished.raise()
    }

    /// Waits up to `timeout` seconds for the producer to finish; true when it has. Never call on the event loop.
    public func wait(timeout: Double) -> Bool {
        finished.wait(timeout: timeout)
    }
}
