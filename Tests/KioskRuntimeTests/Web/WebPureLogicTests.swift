import KioskEngine
import XCTest
@testable import KioskRuntime

/// The web element's decisions as plain values (issue 39): the restart back-off, the frame pacing
/// and the touch routing.
final class WebPureLogicTests: XCTestCase {
    func testRestartsWaitOneSecondDoublingToThirty() {
        var backoff = WebRestartBackoff()
        let delays = (0..<8).map { index in backoff.delay(failedAt: Double(index), startedAt: Double(index)) }
        XCTAssertEqual(delays, [1, 2, 4, 8, 16, 30, 30, 30])
    }

    func testAHostThatRanThirtySecondsStartsTheBackOffAgain() {
        var backoff = WebRestartBackoff()
        _ = backoff.delay(failedAt: 1, startedAt: 0)
        _ = backoff.delay(failedAt: 3, startedAt: 2)
        XCTAssertEqual(backoff.delay(failedAt: 100, startedAt: 60), 1)
        XCTAssertEqual(backoff.delay(failedAt: 102, startedAt: 101), 2)
    }

    func testFrameDoneAtMostMaxFpsOnTicks() {
        var pacing = WebFramePacing(maxFps: 30)
        pacing.isVisible = true
        var answered: [Double] = []
        // A 60 Hz panel's ticks with a new frame before each: every other tick answers.
        for tick in 0..<12 {
            let now = Double(tick) / 60
            pacing.frameArrived(slot: UInt8(tick % 2))
            if pacing.tick(at: now) != nil { answered.append(now) }
        }
        XCTAssertEqual(answered.count, 6, "\(answered)")
        XCTAssertEqual(answered.first, 0)
        XCTAssertEqual(answered.last ?? 0, 10.0 / 60, accuracy: 1e-9)
    }

    func testFrameDoneAnswersTheHeldSlotOnceAndNothingWithoutAFrame() {
        var pacing = WebFramePacing(maxFps: 60)
        pacing.isVisible = true
        XCTAssertNil(pacing.tick(at: 0))
        pacing.frameArrived(slot: 1)
        XCTAssertEqual(pacing.tick(at: 1), 1)
        XCTAssertNil(pacing.tick(at: 2), "answered once")
    }

    func testNoFrameDoneWhileHiddenUntilShownAgain() {
        var pacing = WebFramePacing(maxFps: 30)
        pacing.frameArrived(slot: 0)
        XCTAssertNil(pacing.tick(at: 0))
        XCTAssertNil(pacing.tick(at: 5))
        XCTAssertNil(pacing.nextAnswerTime)
        pacing.isVisible = true
        XCTAssertEqual(pacing.tick(at: 6), 0)
    }

    func testATooEarlyFrameAsksForATickWhenItMayBeAnswered() throws {
        var pacing = WebFramePacing(maxFps: 10)
        pacing.isVisible = true
        pacing.frameArrived(slot: 0)
        XCTAssertEqual(pacing.tick(at: 1), 0)
        pacing.frameArrived(slot: 1)
        XCTAssertNil(pacing.tick(at: 1.05))
        XCTAssertEqual(try XCTUnwrap(pacing.nextAnswerTime), 1.1 - WebFramePacing.tolerance, accuracy: 1e-9)
        XCTAssertEqual(pacing.tick(at: 1.1), 1)
    }

    func testATouchLiftedWithinTheSlopIsATapAtWhereItLanded() {
        var router = WebTouchRouter()
        router.began(id: 3, at: Point(x: 50, y: 60))
        XCTAssertEqual(router.moved(id: 3, to: Point(x: 54, y: 63), time: 1.0), [])
        XCTAssertEqual(router.ended(id: 3, at: Point(x: 55, y: 64), time: 1.2), [.tap(Point(x: 50, y: 60), time: 1.2)])
        XCTAssertFalse(router.isTracking)
    }

    func testAVerticalDragScrollsThePageStepByStep() {
        var router = WebTouchRouter()
        router.began(id: 1, at: Point(x: 100, y: 200))
        XCTAssertEqual(router.moved(id: 1, to: Point(x: 102, y: 185), time: 1), [.scroll(dx: 0, dy: -15, at: Point(x: 102, y: 185), time: 1)])
        XCTAssertEqual(router.moved(id: 1, to: Point(x: 103, y: 170), time: 2), [.scroll(dx: 0, dy: -15, at: Point(x: 103, y: 170), time: 2)])
        XCTAssertEqual(router.ended(id: 1, at: Point(x: 103, y: 170), time: 3), [], "no tap after a scroll")
    }

    func testAHorizontalSwipeIsTheKiosksAndThePageSeesNothing() {
        var router = WebTouchRouter()
        router.began(id: 1, at: Point(x: 300, y: 200))
        XCTAssertEqual(router.moved(id: 1, to: Point(x: 280, y: 195), time: 1), [])
        XCTAssertEqual(router.moved(id: 1, to: Point(x: 200, y: 260), time: 2), [], "the axis is locked once past the slop")
        XCTAssertEqual(router.ended(id: 1, at: Point(x: 300, y: 200), time: 3), [], "coming back is no tap")
    }

    func testOnlyTheFirstFingerIsFollowedAndACancelSendsNothing() {
        var router = WebTouchRouter()
        router.began(id: 1, at: Point(x: 10, y: 10))
        router.began(id: 2, at: Point(x: 90, y: 90))
        XCTAssertEqual(router.ended(id: 2, at: Point(x: 90, y: 90), time: 1), [])
        router.cancelled(id: 1)
        XCTAssertFalse(router.isTracking)
        XCTAssertEqual(router.ended(id: 1, at: Point(x: 10, y: 10), time: 2), [])
    }
}
