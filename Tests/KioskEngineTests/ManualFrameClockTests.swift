import KioskEngine
import XCTest

final class ManualFrameClockTests: XCTestCase {
    func testTicksStayOnTheVsyncGridWhateverInputDoesBetweenThem() {
        let clock = ManualFrameClock(refreshInterval: 0.01)
        clock.advance(to: 0.004)
        XCTAssertEqual(clock.tick().timestamp, 0.01, accuracy: 1e-12)
        clock.advance(to: 0.013)
        let tick = clock.tick()
        XCTAssertEqual(tick.timestamp, 0.02, accuracy: 1e-12)
        XCTAssertEqual(tick.sequence, 2)
    }

    func testIdleTimeSkipsVsyncsAndTheSequenceJumps() {
        let clock = ManualFrameClock(refreshInterval: 0.01)
        clock.tick()
        clock.advance(to: 0.055)
        let tick = clock.tick()
        XCTAssertEqual(tick.timestamp, 0.06, accuracy: 1e-12)
        XCTAssertEqual(tick.sequence, 6)
        XCTAssertEqual(clock.nextVsync, 0.07, accuracy: 1e-12)
    }

    func testOnlyValidUnpausedLinksHearTicks() {
        let clock = ManualFrameClock()
        var heard: [String] = []
        let a = clock.addDisplayLink { _ in heard.append("a") }
        let b = clock.addDisplayLink { _ in heard.append("b") }
        XCTAssertTrue(clock.wantsTicks)
        b.isPaused = true
        clock.tick()
        a.invalidate()
        clock.tick()
        XCTAssertEqual(heard, ["a"])
        XCTAssertFalse(clock.wantsTicks)
    }
}
