import Glibc
import CLinux
import KioskEngine

/// A CLOCK_MONOTONIC timerfd armed for one absolute deadline at a time, for the epoll loop to watch.
final class TimerDescriptor {
    let fileDescriptor: Int32
    private(set) var deadline: Double?

    init(device: String) throws {
        let descriptor = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        guard descriptor >= 0 else { throw DisplayError.systemCall("timerfd_create", device: device, errno: errno) }
        fileDescriptor = descriptor
    }

    deinit { Glibc.close(fileDescriptor) }

    /// Fires once at `time` (monotonic seconds); nil disarms.
    func arm(at time: Double?) {
        // Already so (disarmed, or armed for that very time): no system call, as every frame asks again.
        guard time != deadline else { return }
        deadline = time
        var spec = itimerspec()
        if let time { spec.it_value = TimerSpec.timespec(seconds: time, minimum: 1e-6) }
        _ = timerfd_settime(fileDescriptor, Int32(TFD_TIMER_ABSTIME), &spec, nil)
    }

    /// Reads the expiry count so the descriptor stops being readable; false if it had not expired.
    @discardableResult
    func acknowledge() -> Bool {
        var expirations: UInt64 = 0
        let count = read(fileDescriptor, &expirations, MemoryLayout<UInt64>.size)
        if count == MemoryLayout<UInt64>.size { deadline = nil }
        return count == MemoryLayout<UInt64>.size
    }
}
