import XCTest
@testable import KioskEngine

/// Seconds become a timespec without trapping, whatever a recording or a config hands in.
final class TimerSpecTests: XCTestCase {
    func testOrdinarySecondsKeepTheirNanoseconds() {
        let spec = TimerSpec.timespec(seconds: 2.25)
        XCTAssertEqual(spec.tv_sec, 2)
        XCTAssertEqual(spec.tv_nsec, 250_000_000)
    }

    func testHugeAndInfiniteSecondsAreClampedToTheMaximum() {
        for seconds in [1e19, 1e300, .infinity] {
            let spec = TimerSpec.timespec(seconds: seconds)
            XCTAssertEqual(spec.tv_sec, 1_000_000_000, "\(seconds)")
            XCTAssertEqual(spec.tv_nsec, 0, "\(seconds)")
        }
    }

    func testNegativeAndNaNSecondsBecomeTheMinimum() {
        for seconds in [-1e300, -.infinity, -3.5, .nan] {
            let spec = TimerSpec.timespec(seconds: seconds, minimum: 1e-6)
            XCTAssertEqual(spec.tv_sec, 0, "\(seconds)")
            XCTAssertEqual(spec.tv_nsec, 1_000, "\(seconds)")
        }
    }

    func testAManualClockAdvancedTo1e300StillHasANextVsync() {
        // Its vsync sequence once came from UInt64(Double), which traps past 2^64.
        let clock = ManualFrameClock(refreshInterval: 1.0 / 60)
        clock.advance(to: 1e300)
        XCTAssertTrue(clock.nextVsync.isFinite)
        XCTAssertGreaterThan(clock.tick().sequence, 0)
    }
}
