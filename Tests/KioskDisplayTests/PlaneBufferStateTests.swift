import XCTest
@testable import KioskDisplay

/// One plane's buffers through commits and flips: staged (pending), committed (queued), on screen
/// (current), and the buffer each flip replaces handed back to be let go.
final class PlaneBufferStateTests: XCTestCase {
    func testABufferGoesFromPendingToQueuedToCurrentOnTheFlip() {
        var plane = PlaneBufferState<Int>(current: 0)
        plane.stage(1)
        XCTAssertTrue(plane.hasPending)
        XCTAssertEqual(plane.pending, 1)
        XCTAssertEqual(plane.current, 0, "staging shows nothing yet")
        plane.commit()
        XCTAssertFalse(plane.hasPending)
        XCTAssertTrue(plane.isFlipPending)
        XCTAssertEqual(plane.queued, 1)
        XCTAssertEqual(plane.current, 0, "still on screen until the flip completes")
        XCTAssertEqual(plane.flipCompleted(), 0, "the flip hands back the buffer it replaced")
        XCTAssertEqual(plane.current, 1)
        XCTAssertFalse(plane.isFlipPending)
    }

    func testTheOldBufferIsHeldUntilTheFlipThatReplacesItCompletes() {
        var plane = PlaneBufferState<String>(current: "a")
        plane.stage("b")
        plane.commit()
        XCTAssertEqual(Set(plane.held), ["a", "b"], "both the queued buffer and the one on screen are in use")
        plane.stage("c")
        XCTAssertEqual(Set(plane.held), ["a", "b", "c"])
        XCTAssertEqual(plane.flipCompleted(), "a")
        XCTAssertEqual(Set(plane.held), ["b", "c"])
    }

    func testACommitThatLeavesThePlaneAloneKeepsItsBufferAndReleasesNothing() {
        var plane = PlaneBufferState<Int>(current: 4)
        plane.commit()
        XCTAssertEqual(plane.queued, 4)
        XCTAssertNil(plane.flipCompleted(), "the same buffer stays: nothing to let go")
        XCTAssertEqual(plane.current, 4)
    }

    func testStagingNilTurnsThePlaneOffAtTheFlip() {
        var plane = PlaneBufferState<Int>(current: 7)
        plane.stage(nil)
        plane.commit()
        XCTAssertEqual(plane.current, 7)
        XCTAssertEqual(plane.flipCompleted(), 7)
        XCTAssertNil(plane.current)
        XCTAssertEqual(plane.held, [])
    }

    func testAFlipEventWithoutACommitChangesNothing() {
        var plane = PlaneBufferState<Int>(current: 2)
        plane.stage(3)
        XCTAssertNil(plane.flipCompleted())
        XCTAssertEqual(plane.current, 2)
        XCTAssertEqual(plane.pending, 3, "still staged for the next commit")
    }

    func testAnAbandonedFlipLeavesTheCurrentBufferOnScreen() {
        var plane = PlaneBufferState<Int>(current: 0)
        plane.stage(1)
        plane.commit()
        plane.abandon()
        XCTAssertFalse(plane.isFlipPending)
        XCTAssertNil(plane.flipCompleted(), "a stale event completes nothing")
        XCTAssertEqual(plane.current, 0)
        plane.reset(showing: 2)
        XCTAssertEqual(plane.current, 2)
        XCTAssertEqual(plane.held, [2])
    }
}
