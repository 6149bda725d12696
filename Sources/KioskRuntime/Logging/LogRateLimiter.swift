import Foundation
import Glibc

/// How many lines of one kind pass: `burst` a `window` of seconds, the rest counted. Shared by
/// every logger of the process (a rejected MQTT command, an ignored value message, a failed
/// D-Bus send and a camera fault each count as their kind), so no remote party can flood the
/// journal. Thread-safe: the camera's thread logs too.
public final class LogRateLimiter: @unchecked Sendable {
    /// What `admit` says of one line.
    public enum Verdict: Equatable {
        /// Log it; `suppressed` lines of its kind were dropped since the last one logged.
        case log(suppressed: Int)
        /// Drop it (it is counted).
        case drop
    }

    public let burst: Int
    public let window: Double
    private let now: () -> Double
    private let lock = NSLock()
    private var kinds: [String: (start: Double, logged: Int, suppressed: Int)] = [:]
    /// Kinds are names from the code and the config, never input; this caps a mistake.
    private static let kindLimit = 4096

    /// - Parameter now: seconds on a monotonic clock (CLOCK_MONOTONIC by default).
    public init(burst: Int = 5, window: Double = 10, now: @escaping () -> Double = LogRateLimiter.monotonicNow) {
        self.burst = burst
        self.window = window
        self.now = now
    }

    /// Counts a line of `kind` and says whether it goes out.
    public func admit(_ kind: String) -> Verdict {
        lock.lock()
        defer { lock.unlock() }
        let time = now()
        var state = kinds[kind] ?? (start: time, logged: 0, suppressed: 0)
        if time - state.start >= window {
            state.start = time
            state.logged = 0
        }
        let verdict: Verdict
        if state.logged < burst {
            verdict = .log(suppressed: state.suppressed)
            state.logged += 1
            state.suppressed = 0
        } else {
            verdict = .drop
            state.suppressed += 1
        }
        if kinds[kind] == nil && kinds.count >= Self.kindLimit { kinds = [:] }
        kinds[kind] = state
        return verdict
    }

    public static func monotonicNow() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
