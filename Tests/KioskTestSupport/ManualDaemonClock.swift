import KioskEngine
@testable import KioskRuntime

/// The daemon's clock in tests: time is the headless display's manual frame clock, and timers
/// fire only when the test moves time past them.
final class ManualDaemonClock: DaemonClock {
    let frameClock: ManualFrameClock
    private var timers: [Weak] = []

    init(frameClock: ManualFrameClock) {
        self.frameClock = frameClock
    }

    var now: Double { frameClock.now }

    func makeTimer(_ fired: @escaping () -> Void) throws -> any DaemonTimer {
        let timer = Timer(fired: fired)
        timers.append(Weak(timer: timer))
        return timer
    }

    /// Fires every timer due by `now`, earliest first (a timer scheduled while firing included).
    func fireDueTimers() {
        while let due = timers.compactMap(\.timer).filter({ ($0.deadline ?? .infinity) <= now })
            .min(by: { $0.deadline! < $1.deadline! }) {
            due.fire()
        }
    }

    /// Moves time to `time` without a vsync, firing the timers due on the way at their deadlines.
    func advance(to time: Double) {
        while let due = timers.compactMap(\.timer).filter({ ($0.deadline ?? .infinity) <= time })
            .min(by: { $0.deadline! < $1.deadline! }) {
            frameClock.advance(to: due.deadline!)
            due.fire()
        }
        frameClock.advance(to: time)
    }

    private struct Weak {
        weak var timer: Timer?
    }

    final class Timer: DaemonTimer {
        private let fired: () -> Void
        private(set) var deadline: Double?
        private var interval: Double?

        init(fired: @escaping () -> Void) {
            self.fired = fired
        }

        func schedule(at deadline: Double, repeatingEvery interval: Double?) {
            self.deadline = deadline
            self.interval = interval
        }

        func cancel() {
            deadline = nil
        }

        func fire() {
            deadline = interval.map { deadline! + $0 }
            fired()
        }
    }
}
