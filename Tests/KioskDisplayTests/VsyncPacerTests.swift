import XCTest
@testable import KioskDisplay

final class VsyncPacerTests: XCTestCase {
    private let interval = 1.0 / 60

    func testRealVblankFlipsTickAtTheirTimestamps() {
        var pacer = VsyncPacer(refreshInterval: interval)
        var times: [Double] = []
        for frame in 0..<5 {
            pacer.flipSubmitted(at: 10.0 + Double(frame) * interval + 0.004)
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
        XCTAssertNotNil(pacer.nextTimerDeadline(now: 6.001, wantsTicks: true), "the timer ticks")
    }

    func testOneInstantFlipAmongRealOnesDoesNotSwitch() {
        var pacer = VsyncPacer(refreshInterval: interval)
        pacer.flipSubmitted(at: 1.0)
        _ = pacer.flipCompleted(eventTime: 1.0002, eventSequence: 0)
        pacer.flipSubmitted(at: 1.01)
        _ = pacer.flipCompleted(eventTime: 1.0167, eventSequence: 61)
        pacer.flipSubmitted(at: 1.02)
        _ = pacer.flipCompleted(eventTime: 1.0201, eventSequence: 0)
        XCTAssertEqual(pacer.source, .pageFlip)
    }

    func testTimerTicksOnTheRefreshGridAndOnlyWhenWanted() {
        var pacer = VsyncPacer(refreshInterval: 1.0 / 75, source: .timer)
        XCTAssertNil(pacer.nextTimerDeadline(now: 2.0, wantsTicks: false), "idle: no ticks")
        XCTAssertEqual(pacer.nextTimerDeadline(now: 2.0, wantsTicks: true), 2.0, "the first tick comes at once")
        XCTAssertEqual(pacer.timerFired(now: 2.0)?.timestamp, 2.0)
        XCTAssertEqual(pacer.nextTimerDeadline(now: 2.001, wantsTicks: true)!, 2.0 + 1.0 / 75, accuracy: 1e-9)
        XCTAssertNil(pacer.timerFired(now: 2.005), "fired before the next vblank: nothing to tick")
        // Busy past two vblanks: the latest one is due at once and the sequence shows the miss.
        XCTAssertEqual(pacer.nextTimerDeadline(now: 2.03, wantsTicks: true)!, 2.0 + 2.0 / 75, accuracy: 1e-9)
        let late = pacer.timerFired(now: 2.03)
        XCTAssertEqual(late!.timestamp, 2.0 + 2.0 / 75, accuracy: 1e-9, "ticks land on the grid, not on the late wake-up")
        XCTAssertEqual(late?.sequence, 3)
    }

    func testAPendingFlipLetsItsEventTickFirst() {
        var pacer = VsyncPacer(refreshInterval: interval)
        _ = pacer.flipCompleted(eventTime: 1.0, eventSequence: 60)
        pacer.flipSubmitted(at: 1.004)
        XCTAssertEqual(pacer.nextTimerDeadline(now: 1.005, wantsTicks: true)!, 1.0 + interval * 1.25, accuracy: 1e-9)
        XCTAssertEqual(pacer.flipCompleted(eventTime: 1.0 + interval, eventSequence: 61)?.sequence, 2)
        XCTAssertNil(pacer.timerFired(now: 1.0 + interval * 1.25), "that vblank was ticked by the event")
    }

    func testAFlipCompletedWhilePresentingDoesNotConsumeTheVblanksTick() {
        var pacer = VsyncPacer(refreshInterval: interval)
        _ = pacer.flipCompleted(eventTime: 1.0, eventSequence: 60)
        pacer.flipSubmitted(at: 1.02)
        XCTAssertNil(pacer.flipCompleted(eventTime: 1.0 + 2 * interval, eventSequence: 62, canDeliver: false))
        XCTAssertEqual(pacer.nextTimerDeadline(now: 1.04, wantsTicks: true)!, 1.0 + 2 * interval, accuracy: 1e-9)
    }

    /// A loop whose frames take `renderTime` each: ticks come from the pacer, presenting waits for
    /// the pending flip, and a flip completes at the first vblank after it was queued.
    private func framesShownPerVblank(renderTime: Double, seconds: Double = 2) -> Double {
        var pacer = VsyncPacer(refreshInterval: interval)
        var time = 0.001
        var pendingVblank: Double?
        var shown = 0
        var eventSequence: UInt32 = 0
        func nextVblank(after t: Double) -> Double { ((t / interval).rounded(.down) + 1) * interval }
        while time < seconds {
            let deadline = pacer.nextTimerDeadline(now: time, wantsTicks: true) ?? .infinity
            var tick: FrameTickLike?
            if let vblank = pendingVblank, vblank <= max(deadline, time) {
                time = max(time, vblank)
                eventSequence += 1
                tick = pacer.flipCompleted(eventTime: vblank, eventSequence: eventSequence).map { _ in FrameTickLike() }
                pendingVblank = nil
                shown += 1
            } else {
                time = max(time, deadline)
                tick = pacer.timerFired(now: time).map { _ in FrameTickLike() }
            }
            guard tick != nil else { continue }
            time += renderTime
            if let vblank = pendingVblank {
                time = max(time, vblank)
                eventSequence += 1
                _ = pacer.flipCompleted(eventTime: vblank, eventSequence: eventSequence, canDeliver: false)
                shown += 1
            }
            pacer.flipSubmitted(at: time)
            pendingVblank = nextVblank(after: time)
        }
        return Double(shown) / (seconds / interval)
    }

    private struct FrameTickLike {}

    func testFastFramesShowOnEveryVblank() {
        XCTAssertGreaterThan(framesShownPerVblank(renderTime: interval * 0.3), 0.97)
    }

    func testAFrameSlightlyLongerThanARefreshDoesNotHalveTheRate() {
        let rate = framesShownPerVblank(renderTime: interval * 1.2)
        XCTAssertGreaterThan(rate, 0.75, "\(rate) frames per vblank")
        XCTAssertLessThan(rate, 0.9)
    }
}
