import KioskEngine
@testable import KioskRuntime

/// The daemon's clock in tests: time is the headless display's manual frame clock, and timers
/// fire only when the test moves time past them.
package final class ManualDaemonClock: DaemonClock {
    package let frameClock: ManualFrameClock
    private var timers: [Weak] = []

    package init(frameClock: ManualFrameClock) {
        self.frameClock = frameClock
    }

    package var now: Double { frameClock.now }

    package func makeTimer(_ fired: @escaping () -> Void) throws -> any DaemonTimer {
        let timer = Timer(fired: fired)
        timers.append(Weak(timer: timer))
        return timer
    }

    /// Fires every timer due by `now`, earliest first (a timer scheduled while firing included).
    package func fireDueTimers() {
        while let due = timers.compactMap(\.timer).filter({ ($0.deadline ?? .infinity) <= now })
            .min(by: { $0.deadline! < $1.deadline! }) {
            due.fire()
        }
    }

    /// Moves time to `time` without a vsync, firing the timers due on the way at their deadlines.
    package func advance(to time: Double) {
        while let due = timers.compactMap(\.timer).filter({ ($0.deadline ?? .infinity) <= time })
            .min(by: { $0.deadline! < $1.deadline! }) {
            frameClock.advance(to: due.deadline!)
            due.fire()
        }
        frameClock.advance(to: time)
    }

    private struct Weak {
        package weak var timer: Timer?
    }

    package final class Timer: DaemonTimer {
        private let fired: () -> Void
        private(set) var deadline: Double?
        private var interval: Double?

        package init(fired: @escaping () -> Void) {
            self.fired = fired
        }

        package func schedule(at deadline: Double, repeatingEvery interval: Double?) {
            self.deadline = deadline
            self.interval = interval
        }

        package func cancel() {
            deadline = nil
        }

        package func fire() {
            deadline = interval.map { deadline! + $0 }
            fired()
        }
    }
}
