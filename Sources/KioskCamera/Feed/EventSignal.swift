import CLinux
import Glibc

/// An eventfd: a file descriptor an event loop can watch, made readable from any thread.
public final class EventSignal: Sendable {
    public let descriptor: Int32

    public init() {
        descriptor = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        precondition(descriptor >= 0, "eventfd failed (\(String(cString: strerror(errno)))); the kernel lacks eventfd support")
    }

    deinit {
        close(descriptor)
    }

    /// Makes the descriptor readable; signals before a `clear()` merge into one.
    public func raise() {
        var one: UInt64 = 1
        _ = write(descriptor, &one, MemoryLayout<UInt64>.size)
    }

    /// Makes the descriptor unreadable again.
    public func clear() {
        var count: UInt64 = 0
        _ = read(descriptor, &count, MemoryLayout<UInt64>.size)
    }

    /// Waits up to `timeout` seconds for `raise()`; true when it was raised (and leaves it raised).
    func wait(timeout: Double) -> Bool {
        var waiter = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&waiter, 1, Int32(max(0, min(timeout, 3600)) * 1000)) > 0
    }
}
