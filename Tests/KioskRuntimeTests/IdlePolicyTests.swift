@testable import KioskRuntime
import XCTest

final class IdlePolicyTests: XCTestCase {
    func testOffTheHomeScreenItGoesHome() {
        let policy = IdlePolicy(returnHomeAfter: 30)
        XCTAssertEqual(policy.nextDeadline(lastActivity: 100, place: .elsewhere), 130)
        XCTAssertEqual(policy.actionsDue(at: 129, lastActivity: 100, place: .elsewhere), [])
        XCTAssertEqual(policy.actionsDue(at: 130, lastActivity: 100, place: .elsewhere), [.returnHome])
        // Once home, nothing is left to wait for.
        XCTAssertNil(policy.nextDeadline(lastActivity: 100, place: .home))
        XCTAssertEqual(policy.actionsDue(at: 500, lastActivity: 100, place: .home), [])
    }

    func testZeroMeansNever() {
        let policy = IdlePolicy(returnHomeAfter: 0)
        XCTAssertNil(policy.nextDeadline(lastActivity: 0, place: .elsewhere))
        XCTAssertEqual(policy.actionsDue(at: 1e9, lastActivity: 0, place: .elsewhere), [])
    }

    func testATouchPushesTheDeadlineBack() {
        let policy = IdlePolicy(returnHomeAfter: 30)
        XCTAssertEqual(policy.nextDeadline(lastActivity: 200, place: .elsewhere), 230)
        XCTAssertEqual(policy.actionsDue(at: 229, lastActivity: 200, place: .elsewhere), [])
    }

    func testARunningTransitionIsNotAScreenToGoHomeFrom() {
        let policy = IdlePolicy(returnHomeAfter: 30)
        XCTAssertNil(policy.nextDeadline(lastActivity: 100, place: .transitioning))
        XCTAssertEqual(policy.actionsDue(at: 500, lastActivity: 100, place: .transitioning), [])
    }
}
