import Glibc
import XCTest
@testable import KioskDisplay

/// The connector watcher on the fake card: what became of the connector in use, and which one to
/// light next with the other outputs' connectors left out.
final class DRMConnectorWatcherTests: XCTestCase {
    private let device = FakeDRMDevice.singleHDMI(modes: [DisplayMode(width: 16, height: 8, refreshRate: 60, isPreferred: true, index: 0)])

    private func makeWatcher(connector: String? = nil) throws -> DRMConnectorWatcher {
        try DRMConnectorWatcher(connectorRequest: connector, modeRequest: nil, hotplug: nil, device: device.path)
    }

    func testTheConnectorInUseIsFoundConnectedUnpluggedOrUnreadable() throws {
        let watcher = try makeWatcher()
        let output = try watcher.choose(on: device, claims: DRMOutput.Claims())
        XCTAssertEqual(output.connector.name, "HDMI-A-1")
        guard case .connected(let connector) = watcher.recheck(output, on: device) else { return XCTFail("connected") }
        XCTAssertEqual(connector.id, 31)

        device.connectors[1].modes = []
        guard case .unplugged = watcher.recheck(output, on: device) else { return XCTFail("no modes: as good as unplugged") }
        device.connectors[1].isConnected = false
        guard case .unplugged = watcher.recheck(output, on: device) else { return XCTFail("unplugged") }

        var gone = output
        gone.connector = DRMConnectorInfo(id: 99, type: 11, typeID: 9, isConnected: true, modes: [], encoderID: 0,
                                          possibleEncoderIDs: [], dpmsPropertyID: nil)
        guard case .unreadable(let why) = watcher.recheck(gone, on: device) else { return XCTFail("unreadable") }
        XCTAssertTrue(why.contains("drmModeGetConnector"), why)
    }

    func testAConnectorAnotherOutputShowsIsNotChosen() throws {
        let watcher = try makeWatcher()
        var claims = DRMOutput.Claims()
        claims.connectorIDs = [31]
        XCTAssertThrowsError(try watcher.choose(on: device, claims: claims)) { error in
            guard case DisplayError.noConnectedConnector = error else { return XCTFail("\(error)") }
        }
    }

    func testOnlyItsOwnDescriptorsAreHandled() throws {
        let watcher = try makeWatcher()
        XCTAssertNil(watcher.hotplugDescriptor, "no uevent socket given")
        XCTAssertNil(watcher.handleReadable(device.fileDescriptor), "not the watcher's")
        XCTAssertEqual(watcher.handleReadable(watcher.retryDescriptor), false, "the retry timer, not yet due")
    }
}
