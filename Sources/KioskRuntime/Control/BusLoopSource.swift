import CLinux
import Glibc
import KioskEngine

/// Serves an sd-bus connection from the daemon's epoll loop: its socket for the events sd-bus
/// asks for, and a timer for its deadlines. Nothing here blocks: a slow client's replies wait in
/// sd-bus's queue until the socket takes them.
final class BusLoopSource {
    private let connection: BusConnection
    private let loop: EventLoop
    private let timer: TimerSource
    private let onFailure: (BusError) -> Void
    private var watchedEvents: UInt32?

    /// - Parameter onFailure: the connection broke (the bus went away); the source has stopped.
    init(connection: BusConnection, loop: EventLoop, onFailure: @escaping (BusError) -> Void) throws {
        self.connection = connection
        self.loop = loop
        self.onFailure = onFailure
        timer = try TimerSource()
        try loop.watch(timer.fileDescriptor) { [unowned self] in
            timer.acknowledge()
            dispatch()
        }
        try update()
    }

    /// Runs what is pending; called when the socket or the timer is ready.
    func dispatch() {
        do {
            let more = try connection.processPending()
            try update()
            // sd-bus may hold read messages the socket no longer shows: come back next turn.
            if more { timer.schedule(after: 0) }
        } catch let error as BusError {
            fail(error)
        } catch {
            fail(BusError(name: "org.freedesktop.DBus.Error.Failed", message: "\(error)"))
        }
    }

    /// Re-arms the watch after sending outside `dispatch`, since queued output needs POLLOUT.
    func update() throws {
        let events = UInt32(connection.events) | EPOLLIN.rawValue
        if events != watchedEvents {
            try loop.watch(connection.fileDescriptor, events: events) { [unowned self] in dispatch() }
            watchedEvents = events
        }
        if let deadline = connection.timeout {
            timer.schedule(after: Double(deadline) / 1_000_000 - MonotonicClock.now())
        } else {
            timer.cancel()
        }
    }

    func stop() {
        loop.unwatch(connection.fileDescriptor)
        loop.unwatch(timer.fileDescriptor)
        watchedEvents = nil
    }

    private func fail(_ error: BusError) {
        stop()
        onFailure(error)
    }
}
