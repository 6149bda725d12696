import XCTest
@testable import KioskDisplay

final class IdleBlankTimerTests: XCTestCase {
    func testBlanksOnceAfterTheTimeoutAndWakesOnTouch() {
        var idle = IdleBlankTimer(timeout: 30, now: 0)
        XCTAssertFalse(idle.shouldBlank(at: 29.9))
        XCTAssertFalse(idle.touch(at: 20))
        XCTAssertEqual(idle.deadline, 50)
        XCTAssertFalse(idle.shouldBlank(at: 49))
        XCTAssertTrue(idle.shouldBlank(at: 50))
        XCTAssertFalse(idle.shouldBlank(at: 51), "already dark")
        XCTAssertNil(idle.deadline)
        XCTAssertTrue(idle.touch(at: 60))
        XCTAssertFalse(idle.touch(at: 61))
        XCTAssertEqual(idle.deadline, 91)
    }
}
