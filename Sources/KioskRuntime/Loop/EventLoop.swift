import CLinux
import Glibc

/// The daemon's one loop: epoll over every file descriptor that can wake it.
///
/// The DRM fd, input devices, the camera's eventfd, timers and signals all arrive here, so the
/// daemon sleeps in `epoll_wait` whenever nothing moves and costs no CPU.
public final class EventLoop {
    private let epollFD: Int32
    private var handlers: [Int32: () -> Void] = [:]
    private var endOfTurn: [() -> Void] = []
    private var inTurn = false

    public init() throws(SystemCallError) {
        epollFD = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epollFD >= 0 else { throw SystemCallError("epoll_create1") }
    }

    deinit {
        close(epollFD)
    }

    /// Calls `handler` whenever `fd` is readable (level-triggered) until `unwatch`; `events` adds
    /// others (EPOLLOUT while a socket has output queued). Watching again replaces the handler.
    public func watch(_ fd: Int32, events: UInt32 = EPOLLIN.rawValue, _ handler: @escaping () -> Void) throws(SystemCallError) {
        var event = epoll_event()
        event.events = events
        event.data.fd = fd
        let operation = handlers[fd] == nil ? EPOLL_CTL_ADD : EPOLL_CTL_MOD
        guard epoll_ctl(epollFD, operation, fd, &event) == 0 else { throw SystemCallError("epoll_ctl(fd \(fd))") }
        handlers[fd] = handler
    }

    /// Stops watching `fd`; harmless when it was never watched or is already closed.
    public func unwatch(_ fd: Int32) {
        guard handlers.removeValue(forKey: fd) != nil else { return }
        _ = epoll_ctl(epollFD, EPOLL_CTL_DEL, fd, nil)
    }

    /// Runs `work` once the handlers of this turn have run (at once outside a turn): a frame tick
    /// composes after the touches that became readable with it, not before them.
    public func atEndOfTurn(_ work: @escaping () -> Void) {
        guard inTurn else { return work() }
        endOfTurn.append(work)
    }

    /// Waits up to `timeoutMilliseconds` (-1: forever) and runs the handlers of what became ready.
    /// Returns the number of handlers run.
    @discardableResult
    public func runOnce(timeoutMilliseconds: Int32 = -1) throws(SystemCallError) -> Int {
        var events = [epoll_event](repeating: epoll_event(), count: 32)
        let count = epoll_wait(epollFD, &events, Int32(events.count), timeoutMilliseconds)
        if count < 0 {
            if errno == EINTR { return 0 }
            throw SystemCallError("epoll_wait")
        }
        var ran = 0
        inTurn = true
        for event in events.prefix(Int(count)) {
            // A handler may unwatch another fd in the same batch; look each one up afresh.
            if let handler = handlers[event.data.fd] {
                handler()
                ran += 1
            }
        }
        inTurn = false
        let deferred = endOfTurn
        endOfTurn = []
        deferred.forEach { $0() }
        return ran
    }
}
