import Foundation
import KioskTestSupport
import KioskProcessSupport
import XCTest

/// The writable `Brightness` property of the real daemon on a private bus, set with busctl and
/// `swipe-kiosk ctl brightness`, reaching a backlight folder of sysfs files.
final class BrightnessBusTests: XCTestCase {
    private var directory: URL!
    private var bus: PrivateBus!
    private var kiosk: KioskProcess?
    private var backlight: BacklightFolder!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("brightness-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        bus = try PrivateBus()
        backlight = try BacklightFolder(max: 1000, level: 1000)
        let configPath = directory.appendingPathComponent("kiosk.toml").path
        try """
            [display]
            backend = "headless"
            size = "160x100"
            [camera]
            source = "none"
            [control]
            bus = "session"
            [power]
            backlight = "\(backlight.path)"
            brightness = 0.8
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
                        "Brightness", "d", value])
    }

    func testBrightnessReadsSetsAndReachesTheBacklight() throws {
        XCTAssertEqual(try bus.property("Brightness") as? Double, 0.8)
        XCTAssertTrue(KioskProcess.wait { self.backlight.brightness == 800 }, "the start fades to [power] brightness")

        XCTAssertEqual(try setWithBusctl("0.5").status, 0)
        XCTAssertEqual(try bus.property("Brightness") as? Double, 0.5)
        XCTAssertTrue(KioskProcess.wait { self.backlight.brightness == 500 }, "now \(backlight.brightness)")

        let set = try bus.ctl(["brightness", "0.25"])
        XCTAssertEqual(set.status, 0, set.error)
        XCTAssertTrue(KioskProcess.wait { self.backlight.brightness == 250 }, "now \(backlight.brightness)")
        XCTAssertEqual(try bus.ctl(["brightness"]).output.trimmingCharacters(in: .whitespacesAndNewlines), "0.25")

        let refused = try setWithBusctl("1.5")
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.error.contains("outside 0...1"), refused.error)
        XCTAssertEqual(try bus.property("Brightness") as? Double, 0.25)
        XCTAssertNotEqual(try bus.ctl(["brightness", "2"]).status, 0, "ctl checks the range before calling")

        let xml = try Command.run(Command.find("busctl")!, ["--address=\(bus.address)", "introspect", "--xml-interface",
                                                           "org.swipekiosk.Kiosk1", "/org/swipekiosk/Kiosk1"]).output
        XCTAssertTrue(xml.contains(#"<property name="Brightness" type="d" access="readwrite">"#), xml)
    }
}
