import KioskConfig
import KioskInput
import KioskTouch
@testable import KioskRuntime
import XCTest

/// `[[input.device]] output`: the mapped device is skipped by the first output's monitor and is
/// the only device of its output's, with its calibration.
final class OutputTouchSettingsTests: XCTestCase {
    func testAMappedDeviceIsItsOutputsAlone() {
        var input = InputConfiguration()
        var side = InputDeviceConfiguration(match: "Side Touch")
        side.output = "HDMI-A-1"
        side.invertY = true
        input.calibrations = [side, InputDeviceConfiguration(match: "Main Touch")]
        let first = input.touchDeviceSettings
        XCTAssertEqual(first.map(\.match), [.name("Side Touch"), .name("Main Touch"), .anyTouchscreen])
        XCTAssertEqual(first.map(\.isSkipped), [true, false, false])
        let mapped = input.touchDeviceSettings(forOutput: "HDMI-A-1")
        XCTAssertEqual(mapped.map(\.match), [.name("Side Touch")])
        XCTAssertEqual(mapped.map(\.calibration.invertY), [true])
        XCTAssertEqual(input.touchDeviceSettings(forOutput: "DSI-1"), [])
    }
}
