import CLinux
import Foundation
import Glibc

/// CLOCK_REALTIME in the local time zone. Steps of the clock are heard through a timerfd armed
/// with TFD_TIMER_CANCEL_ON_SET far in the future: the kernel cancels it (the read fails with
/// ECANCELED) whenever the clock is set.
public final class SystemWallClock: WallClock {
    private let loop: EventLoop
    private var descriptor: Int32 = -1
    private var changed: () -> Void = {}

    public init(loop: EventLoop) {
        self.loop = loop
    }

    deinit {
        guard descriptor >= 0 else { return }
        loop.unwatch(descriptor)
        close(descriptor)
    }

    public var date: Date { Date() }

    public var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone.current
        return calendar
    }

    public func watchTimeChanges(_ changed: @escaping () -> Void) throws {
        self.changed = changed
        guard descriptor < 0 else { return }
        descriptor = timerfd_create(CLOCK_REALTIME, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        guard descriptor >= 0 else { throw SystemCallError("timerfd_create(CLOCK_REALTIME)") }
        try arm()
        try loop.watch(descriptor) { [unowned self] in readable() }
    }

    /// Arms an absolute deadline that never comes, so only a clock step wakes the descriptor.
    private func arm() throws {
        var spec = itimerspec()
        // 2200-01-01: far off, and well inside what the kernel accepts.
        spec.it_value.tv_sec = 7_258_118_400
        guard timerfd_settime(descriptor, Int32(TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET), &spec, nil) == 0 else {
            throw SystemCallError("timerfd_settime(TFD_TIMER_CANCEL_ON_SET)")
        }
    }

    private func readable() {
        var expirations: UInt64 = 0
        let count = read(descriptor, &expirations, MemoryLayout<UInt64>.size)
        guard count < 0, errno == ECANCELED else { return }
        // A cancelled timer stays cancelled until it is armed again.
        try? arm()
        changed()
    }
}
