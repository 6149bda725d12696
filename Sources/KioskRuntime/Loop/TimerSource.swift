import CLinux
import Glibc
import KioskEngine

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

    /// Fires after `delay` seconds, then every `interval` seconds when one is given. Any delay is
    /// taken: one in the past fires at once, one past `TimerSpec.maximumSeconds` (or NaN) is clamped.
    public func schedule(after delay: Double, repeatingEvery interval: Double? = nil) {
        var spec = itimerspec()
        spec.it_value = TimerSpec.timespec(seconds: delay, minimum: 1e-6)
        if let interval { spec.it_interval = TimerSpec.timespec(seconds: interval) }
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
}
