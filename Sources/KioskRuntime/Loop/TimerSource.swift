import CLinux
import Glibc

/// A monotonic timer as a readable file descriptor (timerfd): watchdog pings, idle timeouts,
/// re-probes and back-off retries all wake the loop through one of these.
public final class TimerSource {
    public let fileDescriptor: Int32

    public init() throws(SystemCallError) {
        fileDescriptor = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        guard fileDescriptor >= 0 else { throw SystemCallError("timerfd_create") }
    }

    deinit {
        close(fileDescriptor)
    }

    /// Fires after `delay` seconds, then every `interval` seconds when one is given.
    public func schedule(after delay: Double, repeatingEvery interval: Double? = nil) {
        var spec = itimerspec()
        spec.it_value = Self.timespec(max(delay, 1e-6))
        if let interval { spec.it_interval = Self.timespec(interval) }
        timerfd_settime(fileDescriptor, 0, &spec, nil)
    }

    public func cancel() {
        var spec = itimerspec()
        timerfd_settime(fileDescriptor, 0, &spec, nil)
    }

    /// Clears the readable state; returns how many expirations happened since the last call.
    @discardableResult
    public func acknowledge() -> UInt64 {
        var expirations: UInt64 = 0
        let count = read(fileDescriptor, &expirations, MemoryLayout<UInt64>.size)
        return count == MemoryLayout<UInt64>.size ? expirations : 0
    }

    private static func timespec(_ seconds: Double) -> Glibc.timespec {
        let whole = seconds.rounded(.down)
        return Glibc.timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1_000_000_000))
    }
}
