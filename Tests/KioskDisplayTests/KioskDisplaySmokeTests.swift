import XCTest
@testable import KioskDisplay

final class KioskDisplaySmokeTests: XCTestCase {
    func testModuleLinks() {
        XCTAssertTrue(true)
    }
}
