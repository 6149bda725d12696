import KioskConfig
import KioskInput
import KioskTouch
@testable import KioskRuntime
import XCTest

/// `[input] devices` and `[[input.device]]` calibrations become the touch monitor's entries: a
/// listed device gets the first calibration whose `match` fits it by path or by name.
final class TouchSettingsWiringTests: XCTestCase {
    func testAListedDeviceIsOfferedEveryCalibrationThenNone() {
        var input = InputConfiguration()
        input.devices = ["/dev/input/event3"]
        var named = InputDeviceConfiguration(match: "ILITEK-TP")
        named.invertX = true
        var byPath = InputDeviceConfiguration(match: "/dev/input/event3")
        byPath.swapXY = true
        input.calibrations = [named, byPath]
        let settings = input.touchDeviceSettings
        XCTAssertEqual(settings.map(\.match), Array(repeating: .path("/dev/input/event3"), count: 3))
        XCTAssertEqual(settings.map(\.calibrationMatch), [.name("ILITEK-TP"), .path("/dev/input/event3"), nil])
        XCTAssertEqual(settings.map(\.calibration.invertX), [true, false, false])
        XCTAssertEqual(settings.map(\.calibration.swapXY), [false, true, false])
    }
}
