import KioskEngine
import XCTest
@testable import KioskDisplay

/// Frame scheduling: once composition times are known, a frame starts the p90 of the last 60
/// compositions plus a margin before the vblank it aims at, and its tick carries that vblank.
final class FrameSchedulingTests: XCTestCase {
    private let period = 1.0 / 60

    private func report(_ pacer: inout VsyncPacer, _ seconds: Double, times: Int) {
        for _ in 0..<times { pacer.compositionTook(seconds) }
    }

    func testCompositionStartsAtTheVblankMinusP90PlusTheMargin() throws {
        var pacer = VsyncPacer(refreshInterval: period, source: .timer)
        report(&pacer, 0.002, times: 50)
        report(&pacer, 0.003, times: 10)
        let lead = 0.003 + VsyncPacer.compositionMargin
        XCTAssertEqual(try XCTUnwrap(pacer.compositionLead), lead, accuracy: 1e-12, "p90 of 60 frames is the 54th fastest")
        XCTAssertEqual(pacer.timerFired(now: 100)?.timestamp, 100, "the first tick sets the grid")
        let deadline = try XCTUnwrap(pacer.nextTimerDeadline(now: 100.001, wantsTicks: true))
        XCTAssertEqual(deadline, 100 + period - lead, accuracy: 1e-9)
        let tick = try XCTUnwrap(pacer.timerFired(now: deadline))
        XCTAssertEqual(tick.timestamp, 100 + period, accuracy: 1e-9, "the tick carries the vblank its frame aims at")
        XCTAssertEqual(tick.sequence, 2)
        XCTAssertNil(pacer.timerFired(now: deadline + 0.001), "that vblank is ticked once")
        XCTAssertEqual(try XCTUnwrap(pacer.nextTimerDeadline(now: deadline + 0.002, wantsTicks: true)),
                       100 + 2 * period - lead, accuracy: 1e-9)
        XCTAssertNil(pacer.nextTimerDeadline(now: deadline + 0.002, wantsTicks: false), "nothing to draw: no timer at all")
    }

    func testTheLeadFollowsTheLast60CompositionsAndIsAtMostAPeriod() throws {
        var pacer = VsyncPacer(refreshInterval: period, source: .timer)
        report(&pacer, 0.010, times: 60)
        report(&pacer, 0.001, times: 60)
        XCTAssertEqual(try XCTUnwrap(pacer.compositionLead), 0.001 + VsyncPacer.compositionMargin, accuracy: 1e-12)
        report(&pacer, 0.030, times: 60)
        XCTAssertEqual(try XCTUnwrap(pacer.compositionLead), period, accuracy: 1e-12,
                       "a frame slower than a period starts at the vblank before its own")
    }

    func testScheduledFlipEventsMoveTheGridAndTheTimerTicksAheadOfTheNextVblank() throws {
        var pacer = VsyncPacer(refreshInterval: period)
        report(&pacer, 0.002, times: 1)
        let lead = 0.002 + VsyncPacer.compositionMargin
        XCTAssertNotNil(pacer.timerFired(now: 100))
        XCTAssertEqual(try XCTUnwrap(pacer.timerFired(now: 100 + period - lead)).timestamp, 100 + period, accuracy: 1e-9)
        pacer.flipSubmitted(at: 100 + period - 0.001)
        XCTAssertNil(pacer.flipCompleted(eventTime: 100.0166, eventSequence: 5), "the vblank was ticked ahead of it")
        let deadline = try XCTUnwrap(pacer.nextTimerDeadline(now: 100.017, wantsTicks: true))
        XCTAssertEqual(deadline, 100.0166 + period - lead, accuracy: 1e-9, "the event moved the grid by 0.07 ms")
        XCTAssertEqual(try XCTUnwrap(pacer.timerFired(now: deadline)).timestamp, 100.0166 + period, accuracy: 1e-9)
    }

    func testAWakeFromIdleStartsAtOnceAimingAtTheNextVblank() throws {
        var pacer = VsyncPacer(refreshInterval: period)
        pacer.flipSubmitted(at: 99.99)
        report(&pacer, 0.004, times: 1)
        XCTAssertNil(pacer.flipCompleted(eventTime: 100, eventSequence: 7))
        // Idle for a while, then a touch 10 ms after a vblank: its frame starts at once for the next.
        let touch = 100 + 30 * period + 0.010
        XCTAssertEqual(pacer.nextTimerDeadline(now: touch, wantsTicks: true), touch)
        let tick = try XCTUnwrap(pacer.timerFired(now: touch))
        XCTAssertEqual(tick.timestamp, 100 + 31 * period, accuracy: 1e-9)
        // The frame after it starts late again, 5.5 ms before its vblank.
        XCTAssertEqual(try XCTUnwrap(pacer.nextTimerDeadline(now: touch + 0.003, wantsTicks: true)),
                       100 + 32 * period - 0.0055, accuracy: 1e-9)
    }

    func testTimerPacedAWakeFromIdleMovesTheGridToFollowItsFrame() throws {
        var pacer = VsyncPacer(refreshInterval: period, source: .timer)
        report(&pacer, 0.004, times: 1)
        XCTAssertNotNil(pacer.timerFired(now: 100))
        let touch = 100 + 30 * period + 0.010
        XCTAssertEqual(pacer.nextTimerDeadline(now: touch, wantsTicks: true), touch)
        XCTAssertEqual(try XCTUnwrap(pacer.timerFired(now: touch)).timestamp, touch + 0.0055, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(pacer.nextTimerDeadline(now: touch + 0.003, wantsTicks: true)), touch + period, accuracy: 1e-9,
                       "the next frame starts a period after the wake's")
    }
}
