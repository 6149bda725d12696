import XCTest
@testable import KioskCompositor

final class KioskCompositorSmokeTests: XCTestCase {
    func testModuleLinks() {
        XCTAssertTrue(true)
    }
}
