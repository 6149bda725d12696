import XCTest
@testable import KioskCamera

final class KioskCameraSmokeTests: XCTestCase {
    func testModuleLinks() {
        XCTAssertTrue(true)
    }
}
