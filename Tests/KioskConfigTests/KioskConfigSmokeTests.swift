import XCTest
@testable import KioskConfig

final class KioskConfigSmokeTests: XCTestCase {
    func testModuleLinks() {
        XCTAssertTrue(true)
    }
}
