import KioskEngine

/// The real clock: CLOCK_MONOTONIC, with each timer a timerfd watched by the event loop.
public final class MonotonicDaemonClock: DaemonClock {
    private let loop: EventLoop

    public init(loop: EventLoop) {
        self.loop = loop
    }

    public var now: Double { MonotonicClock.now() }

    public func makeTimer(_ fired: @escaping () -> Void) throws -> any DaemonTimer {
        let source = try TimerSource()
        try loop.watch(source.fileDescriptor) {
            source.acknowledge()
            fired()
        }
        return LoopTimer(source: source, loop: loop)
    }

    private final class LoopTimer: DaemonTimer {
        let source: TimerSource
        let loop: EventLoop

        init(source: TimerSource, loop: EventLoop) {
            self.source = source
            self.loop = loop
        }

        deinit {
            loop.unwatch(source.fileDescriptor)
        }

        func schedule(at deadline: Double, repeatingEvery interval: Double?) {
            source.schedule(after: deadline - MonotonicClock.now(), repeatingEvery: interval)
        }

        func cancel() {
            source.cancel()
        }
    }
}
