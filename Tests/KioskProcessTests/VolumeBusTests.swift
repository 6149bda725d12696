import Foundation
import KioskTestSupport
import KioskProcessSupport
import XCTest

/// The writable `Volume` property of the real daemon on a private bus: read, set with busctl and
/// `swipe-kiosk ctl volume`, refused outside 0...1, announced with PropertiesChanged.
final class VolumeBusTests: XCTestCase {
    private var directory: URL!
    private var bus: PrivateBus!
    private var kiosk: KioskProcess?

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("volume-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        bus = try PrivateBus()
        let configPath = directory.appendingPathComponent("kiosk.toml").path
        try """
            [display]
            backend = "headless"
            size = "160x100"
            [camera]
            source = "none"
            [control]
            bus = "session"
            [sound]
            volume = 0.8
            """.write(toFile: configPath, atomically: true, encoding: .utf8)
        let process = try KioskProcess(configPath: configPath, environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        kiosk = process
        XCTAssertTrue(KioskProcess.wait { (try? self.bus.property("CurrentScreen")) as? String != nil },
                      "the kiosk never appeared on the bus: \(process.log)")
    }

    override func tearDown() {
        kiosk = nil
        bus = nil
        try? FileManager.default.removeItem(at: directory)
    }


    private func setWithBusctl(_ value: String) throws -> (status: Int32, json: Any?, error: String) {
        try bus.busctl(["set-property", "org.swipekiosk.Kiosk1", "/org/swipekiosk/Kiosk1", "org.swipekiosk.Kiosk1",
                        "Volume", "d", value])
    }

    func testVolumeReadsSetsRefusesAndIsAnnounced() throws {
        XCTAssertEqual(try bus.property("Volume") as? Double, 0.8)
        XCTAssertEqual(try bus.ctl(["volume"]).output.trimmingCharacters(in: .whitespacesAndNewlines), "0.8")

        let monitor = try SignalMonitor(address: bus.address)
        XCTAssertEqual(try setWithBusctl("0.5").status, 0)
        XCTAssertEqual(try bus.property("Volume") as? Double, 0.5)
        XCTAssertTrue(monitor.stop().contains { $0.member == "PropertiesChanged" && $0.changedProperties == ["Volume"] },
                      "Volume is announced as changed")

        let set = try bus.ctl(["volume", "0.25"])
        XCTAssertEqual(set.status, 0, set.error)
        XCTAssertEqual(try bus.ctl(["volume"]).output.trimmingCharacters(in: .whitespacesAndNewlines), "0.25")

        let refused = try setWithBusctl("1.5")
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.error.contains("outside 0...1"), refused.error)
        XCTAssertEqual(try bus.property("Volume") as? Double, 0.25)
        XCTAssertNotEqual(try bus.ctl(["volume", "2"]).status, 0, "ctl checks the range before calling")

        let xml = try Command.run(Command.find("busctl")!, ["--address=\(bus.address)", "introspect", "--xml-interface",
                                                           "org.swipekiosk.Kiosk1", "/org/swipekiosk/Kiosk1"]).output
        XCTAssertTrue(xml.contains(#"<property name="Volume" type="d" access="readwrite">"#), xml)
    }
}
