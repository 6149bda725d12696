import XCTest
@testable import KioskRuntime

final class KioskRuntimeSmokeTests: XCTestCase {
    func testModuleLinks() {
        XCTAssertTrue(true)
    }
}
