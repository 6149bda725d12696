import KioskOptions
import XCTest
@testable import KioskDisplay

final class DRMOutputTests: XCTestCase {
    func testPicksTheFirstConnectedConnectorAndItsPreferredMode() throws {
        let output = try DRMOutput.choose(on: FakeDRMDevice.singleHDMI(), connectorName: nil, modeRequest: nil)
        XCTAssertEqual(output.connector.name, "HDMI-A-1")
        XCTAssertEqual(output.mode.width, 1280)
        XCTAssertEqual(output.mode.roundedRefreshRate, 75)
        XCTAssertEqual(output.crtcID, 41)
        XCTAssertEqual(output.crtcIndex, 1)
    }

    func testPicksConnectorByNameAndModeByRequest() throws {
        let output = try DRMOutput.choose(on: FakeDRMDevice.singleHDMI(), connectorName: "hdmi-a-1",
                                          modeRequest: ModeRequest(width: 800, height: 600))
        XCTAssertEqual(output.mode.index, 1)
    }

    func testPrefersTheCrtcAlreadyDrivingTheConnector() throws {
        let device = FakeDRMDevice.singleHDMI()
        device.connectors[1].encoderID = 21
        device.encoders[1].crtcID = 40
        device.encoders[1].possibleCrtcs = 0b11
        XCTAssertEqual(try DRMOutput.choose(on: device, connectorName: nil, modeRequest: nil).crtcID, 40)
    }

    func testUnknownConnectorNamesWhatExists() {
        XCTAssertThrowsError(try DRMOutput.choose(on: FakeDRMDevice.singleHDMI(), connectorName: "DSI-1", modeRequest: nil)) {
            let message = "\($0)"
            XCTAssertTrue(message.contains("no connector named DSI-1"), message)
            XCTAssertTrue(message.contains("DP-1 (disconnected), HDMI-A-1 (connected)"), message)
        }
    }

    func testMissingModeListsTheAvailableOnes() {
        XCTAssertThrowsError(try DRMOutput.choose(on: FakeDRMDevice.singleHDMI(), connectorName: nil,
                                                  modeRequest: ModeRequest(width: 1280, height: 800, refreshRate: 60))) {
            let message = "\($0)"
            XCTAssertTrue(message.contains("HDMI-A-1: no mode 1280x800@60"), message)
            XCTAssertTrue(message.contains("1280x800@75 (preferred), 800x600@60"), message)
        }
    }

    func testNoConnectedConnectorIsAClearError() {
        let device = FakeDRMDevice.singleHDMI()
        device.connectors[1].isConnected = false
        XCTAssertThrowsError(try DRMOutput.choose(on: device, connectorName: nil, modeRequest: nil)) {
            XCTAssertTrue("\($0)".contains("/dev/dri/card9: no connected connector"), "\($0)")
        }
    }
}
