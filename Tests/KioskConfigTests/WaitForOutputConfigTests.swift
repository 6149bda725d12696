import XCTest
@testable import KioskConfig

/// `[display] wait-for-output`: on by default, a boolean, applied at restart only.
final class WaitForOutputConfigTests: XCTestCase {
    func testDefaultsToWaitingAndReadsFalse() throws {
        XCTAssertEqual(loadValid("[display]\nbackend = \"drm\"\n")?.display.waitForOutput, true)
        XCTAssertEqual(loadValid("[display]\nwait-for-output = false\n")?.display.waitForOutput, false)
    }

    func testANonBooleanIsRefusedAtItsLine() throws {
        guard case .failure(let error) = ConfigurationLoader.parse("[display]\nwait-for-output = \"yes\"\n", fileName: "kiosk.toml") else {
            return XCTFail("a string is not a boolean")
        }
        XCTAssertEqual(error.diagnostics.first?.position?.line, 2, "\(error)")
        XCTAssertTrue("\(error)".contains("wait-for-output"), "\(error)")
    }

    func testChangingItNeedsARestart() throws {
        let running = try XCTUnwrap(loadValid("[display]\nwait-for-output = true\n"))
        let file = try XCTUnwrap(loadValid("[display]\nwait-for-output = false\n"))
        XCTAssertEqual(running.restartOnlyChanges(to: file), ["[display] wait-for-output"])
    }
}
