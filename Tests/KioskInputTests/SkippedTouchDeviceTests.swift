import Foundation
import KioskEngine
import KioskTouch
import XCTest
@testable import KioskInput

/// Two monitors side by side (two outputs): a device another output's monitor reads is skipped
/// by the first output's, which still takes every other touchscreen.
final class SkippedTouchDeviceTests: XCTestCase {
    func testASkippedDeviceIsLeftToTheOtherMonitor() throws {
        let nodes = try FakeDeviceNodes()
        nodes.add("event0", testPanel(name: "Main Panel"))
        nodes.add("event1", testPanel(name: "Side Panel"))
        let surface = TouchSurface(sceneSize: Size(width: 100, height: 100), displayRotation: .none)
        let first = try TouchMonitor(settings: [TouchDeviceSettings(match: .name("Side Panel"), isSkipped: true),
                                                TouchDeviceSettings(match: .anyTouchscreen)],
                                     surface: surface, directory: nodes.directory, opener: nodes.open, clock: { 0 })
        let side = try TouchMonitor(settings: [TouchDeviceSettings(match: .name("Side Panel"))],
                                    surface: surface, directory: nodes.directory, opener: nodes.open, clock: { 0 })
        XCTAssertEqual(first.openDevices, [nodes.path("event0")])
        XCTAssertEqual(side.openDevices, [nodes.path("event1")])
    }
}
