import XCTest
@testable import KioskDisplay

final class VsyncPacerTests: XCTestCase {
    private let interval = 1.0 / 60

    func testRealVblankFlipsTickAtTheirTimestamps() {
        var pacer = VsyncPacer(refreshInterval: interval)
        var times: [Double] = []
        for frame in 0..<5 {
            let submitted = 10.0 + Double(frame) * interval + 0.004
            pacer.flipSubmitted(at: submitted)
            let vblank = 10.0 + Double(frame + 1) * interval
            let tick = pacer.flipCompleted(eventTime: vblank, eventSequence: UInt32(500 + frame))
            times.append(tick?.timestamp ?? -1)
            XCTAssertEqual(tick?.sequence, UInt64(frame + 1))
        }
        XCTAssertEqual(pacer.source, .pageFlip)
        XCTAssertEqual(times[4], 10.0 + 5 * interval, accuracy: 1e-9)
    }

    func testInstantFlipsWithSequenceZeroSwitchToTimerPacing() {
        var pacer = VsyncPacer(refreshInterval: 1.0 / 75)
        for frame in 0..<VsyncPacer.instantFlipsBeforeTimer {
            XCTAssertEqual(pacer.source, .pageFlip)
            let submitted = 5.0 + Double(frame) * 0.0133
            pacer.flipSubmitted(at: submitted)
            _ = pacer.flipCompleted(eventTime: submitted + 0.0003, eventSequence: 0)
        }
        XCTAssertEqual(pacer.source, .timer)
        pacer.flipSubmitted(at: 6.0)
        XCTAssertNil(pacer.flipCompleted(eventTime: 6.0003, eventSequence: 0), "flip events no longer tick")
        XCTAssertNotNil(pacer.nextTimerDeadline(now: 6.001, wantsTicks: true), "the timer ticks even with a flip in flight")
    }

    func testOneLateFlipDoesNotSwitch() {
        var pacer = VsyncPacer(refreshInterval: interval)
        pacer.flipSubmitted(at: 1.0)
        _ = pacer.flipCompleted(eventTime: 1.0002, eventSequence: 0)
        pacer.flipSubmitted(at: 1.01)
        _ = pacer.flipCompleted(eventTime: 1.0167, eventSequence: 61)
        pacer.flipSubmitted(at: 1.02)
        _ = pacer.flipCompleted(eventTime: 1.0201, eventSequence: 0)
        XCTAssertEqual(pacer.source, .pageFlip)
    }

    func testTimerDeadlineFollowsTheRefreshGrid() {
        var pacer = VsyncPacer(refreshInterval: 1.0 / 75, source: .timer)
        XCTAssertEqual(pacer.nextTimerDeadline(now: 2.0, wantsTicks: true)!, 2.0 + 1.0 / 75, accuracy: 1e-9)
        XCTAssertNil(pacer.nextTimerDeadline(now: 2.0, wantsTicks: false), "idle: no ticks")
        _ = pacer.timerFired(now: 2.0)
        XCTAssertEqual(pacer.nextTimerDeadline(now: 2.03, wantsTicks: true)!, 2.0 + 3.0 / 75, accuracy: 1e-9)
    }

    func testPendingFlipSuppressesTheTimerWhenFlipsPace() {
        var pacer = VsyncPacer(refreshInterval: interval)
        pacer.flipSubmitted(at: 1.0)
        XCTAssertNil(pacer.nextTimerDeadline(now: 1.001, wantsTicks: true))
        _ = pacer.flipCompleted(eventTime: 1.0167, eventSequence: 9)
        XCTAssertEqual(pacer.nextTimerDeadline(now: 1.02, wantsTicks: true)!, 1.0167 + interval, accuracy: 1e-9)
    }

    func testMissedFramesShowAsSequenceJumps() {
        var pacer = VsyncPacer(refreshInterval: 0.01, source: .timer)
        XCTAssertEqual(pacer.timerFired(now: 1.0).sequence, 1)
        let late = pacer.timerFired(now: 1.0305)
        XCTAssertEqual(late.sequence, 4)
        XCTAssertEqual(late.timestamp, 1.03, accuracy: 1e-9, "ticks land on the grid, not on the late wake-up")
    }
}
