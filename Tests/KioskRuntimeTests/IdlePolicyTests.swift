@testable import KioskRuntime
import XCTest

final class IdlePolicyTests: XCTestCase {
    func testOffTheHomeScreenItGoesHomeThenBlanks() {
        let policy = IdlePolicy(returnHomeAfter: 30, blankAfter: 120)
        XCTAssertEqual(policy.nextDeadline(lastActivity: 100, place: .elsewhere, blanked: false), 130)
        XCTAssertEqual(policy.actionsDue(at: 129, lastActivity: 100, place: .elsewhere, blanked: false), [])
        XCTAssertEqual(policy.actionsDue(at: 130, lastActivity: 100, place: .elsewhere, blanked: false), [.returnHome])
        // Once home, only the blanking is left to wait for.
        XCTAssertEqual(policy.nextDeadline(lastActivity: 100, place: .home, blanked: false), 220)
        XCTAssertEqual(policy.actionsDue(at: 220, lastActivity: 100, place: .home, blanked: false), [.blank])
        XCTAssertNil(policy.nextDeadline(lastActivity: 100, place: .home, blanked: true))
        XCTAssertEqual(policy.actionsDue(at: 500, lastActivity: 100, place: .home, blanked: true), [], "already dark")
    }

    func testBothFallDueTogetherInOrder() {
        let policy = IdlePolicy(returnHomeAfter: 10, blankAfter: 10)
        XCTAssertEqual(policy.actionsDue(at: 20, lastActivity: 10, place: .elsewhere, blanked: false), [.returnHome, .blank])
    }

    func testZeroMeansNever() {
        let policy = IdlePolicy(returnHomeAfter: 0, blankAfter: 0)
        XCTAssertNil(policy.nextDeadline(lastActivity: 0, place: .elsewhere, blanked: false))
        XCTAssertEqual(policy.actionsDue(at: 1e9, lastActivity: 0, place: .elsewhere, blanked: false), [])
    }

    func testATouchPushesTheDeadlineBack() {
        let policy = IdlePolicy(returnHomeAfter: 30, blankAfter: 0)
        XCTAssertEqual(policy.nextDeadline(lastActivity: 200, place: .elsewhere, blanked: false), 230)
        XCTAssertEqual(policy.actionsDue(at: 229, lastActivity: 200, place: .elsewhere, blanked: false), [])
    }

    func testARunningTransitionIsNotAScreenToGoHomeFrom() {
        let policy = IdlePolicy(returnHomeAfter: 30, blankAfter: 0)
        XCTAssertNil(policy.nextDeadline(lastActivity: 100, place: .transitioning, blanked: false))
        XCTAssertEqual(policy.actionsDue(at: 500, lastActivity: 100, place: .transitioning, blanked: false), [])
    }
}
