import KioskConfig
import KioskRuntime
import XCTest

/// `[display] wait-for-output` reaches the DRM backend's options as the file says.
final class WaitForOutputMappingTests: XCTestCase {
    func testTheDisplayOptionsCarryIt() {
        var display = DisplayConfiguration()
        XCTAssertTrue(display.displayOptions().waitForOutput, "on by default")
        display.waitForOutput = false
        XCTAssertFalse(display.displayOptions(backendOverride: .drm).waitForOutput)
    }
}
