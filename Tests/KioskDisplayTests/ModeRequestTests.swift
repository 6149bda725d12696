import KioskOptions
import XCTest
@testable import KioskDisplay

final class ModeRequestTests: XCTestCase {
    func testDescribesItselfAsTheConfigWritesIt() {
        XCTAssertEqual(ModeRequest(width: 1280, height: 800, refreshRate: 75).description, "1280x800@75")
        XCTAssertEqual(ModeRequest(width: 1920, height: 1080, refreshRate: 59.94).description, "1920x1080@59.94")
        XCTAssertEqual(ModeRequest(width: 800, height: 600).description, "800x600")
    }

    private let modes = [
        DisplayMode(width: 1920, height: 1080, refreshRate: 60.0, isPreferred: true, index: 0),
        DisplayMode(width: 1920, height: 1080, refreshRate: 59.94, index: 1),
        DisplayMode(width: 1280, height: 800, refreshRate: 60, index: 2),
        DisplayMode(width: 1280, height: 800, refreshRate: 75, index: 3),
        DisplayMode(width: 1280, height: 800, refreshRate: 50, index: 4),
    ]

    func testMatchesSizeAndNearestRate() {
        XCTAssertEqual(ModeRequest(width: 1280, height: 800, refreshRate: 75).bestMatch(in: modes)?.index, 3)
        XCTAssertEqual(ModeRequest(width: 1920, height: 1080, refreshRate: 59.94).bestMatch(in: modes)?.index, 1)
        XCTAssertNil(ModeRequest(width: 1280, height: 800, refreshRate: 144).bestMatch(in: modes))
        XCTAssertNil(ModeRequest(width: 640, height: 480).bestMatch(in: modes))
    }

    func testWithoutRatePrefersPreferredThenFastest() {
        XCTAssertEqual(ModeRequest(width: 1920, height: 1080).bestMatch(in: modes)?.index, 0)
        XCTAssertEqual(ModeRequest(width: 1280, height: 800).bestMatch(in: modes)?.index, 3)
    }

    func testDefaultModeIsPreferredElseFirst() {
        XCTAssertEqual(ModeRequest.defaultMode(in: modes)?.index, 0)
        XCTAssertEqual(ModeRequest.defaultMode(in: Array(modes.dropFirst()))?.index, 1)
        XCTAssertNil(ModeRequest.defaultMode(in: []))
    }

    func testConnectorNamesFollowTheKernel() {
        XCTAssertEqual(ConnectorName.name(type: 11, typeID: 1), "HDMI-A-1")
        XCTAssertEqual(ConnectorName.name(type: 16, typeID: 1), "DSI-1")
        XCTAssertEqual(ConnectorName.name(type: 15, typeID: 1), "Virtual-1")
        XCTAssertEqual(ConnectorName.name(type: 14, typeID: 2), "eDP-2")
        XCTAssertEqual(ConnectorName.name(type: 99, typeID: 3), "Unknown-3")
    }
}
