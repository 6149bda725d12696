import CLinux
import Glibc
import XCTest
@testable import KioskRuntime

/// A timerfd armed with any delay, however absurd, is armed (clamped), never a trap: a recording
/// stamped 1e19 s once stopped `run --replay` with SIGILL in the conversion to whole seconds.
final class TimerSourceClampTests: XCTestCase {
    private func armedSeconds(_ timer: TimerSource) -> (value: Double, interval: Double) {
        var spec = itimerspec()
        XCTAssertEqual(timerfd_gettime(timer.fileDescriptor, &spec), 0)
        return (Double(spec.it_value.tv_sec) + Double(spec.it_value.tv_nsec) / 1e9,
                Double(spec.it_interval.tv_sec) + Double(spec.it_interval.tv_nsec) / 1e9)
    }

    func testHugeDelaysAreArmedAtTheMaximum() throws {
        let timer = try TimerSource()
        for delay in [1e19, 1e300, .infinity] {
            timer.schedule(after: delay, repeatingEvery: delay)
            let armed = armedSeconds(timer)
            XCTAssertEqual(armed.value, 1e9, accuracy: 10, "\(delay)")
            XCTAssertEqual(armed.interval, 1e9, "\(delay)")
        }
    }

    func testPastAndNaNDelaysFireAtOnce() throws {
        let timer = try TimerSource()
        for delay in [-1e300, -5, .nan] {
            timer.schedule(after: delay, repeatingEvery: .nan)
            let armed = armedSeconds(timer)
            // Armed for a microsecond (or already expired, which reads as disarmed with no interval).
            XCTAssertLessThanOrEqual(armed.value, 1e-6, "\(delay)")
            XCTAssertEqual(armed.interval, 0, "\(delay)")
        }
    }
}
