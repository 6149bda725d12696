import XCTest
@testable import KioskInput

final class KioskInputSmokeTests: XCTestCase {
    func testModuleLinks() {
        XCTAssertTrue(true)
    }
}
