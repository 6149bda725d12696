/// The daemon's time: what "now" is, and timers that call back at a moment.
///
/// `swipe-kiosk run` uses `MonotonicDaemonClock` (timerfds on the event loop); tests drive a
/// manual clock so idle, replay and watchdog behaviour is checked without waiting.
public protocol DaemonClock: AnyObject {
    /// Seconds on the clock touches and frames are stamped with (CLOCK_MONOTONIC in `run`).
    var now: Double { get }
    /// A stopped timer that calls `fired` each time a deadline set on it passes.
    func makeTimer(_ fired: @escaping () -> Void) throws -> any DaemonTimer
}

/// One deadline at a time; setting another replaces it.
public protocol DaemonTimer: AnyObject {
    /// Fires once at `deadline` (at once when it has passed), then every `interval` when given.
    func schedule(at deadline: Double, repeatingEvery interval: Double?)
    func cancel()
}

extension DaemonTimer {
    public func schedule(at deadline: Double) { schedule(at: deadline, repeatingEvery: nil) }
}
