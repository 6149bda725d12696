import XCTest
@testable import KioskConfig

/// A reload keeps the part only a start applies and names each key of it the file changes.
final class StartOnlyConfigurationTests: XCTestCase {
    private func parse(_ text: String) throws -> KioskConfiguration {
        try ConfigurationLoader.parse(text, fileName: "kiosk.toml").get()
    }

    func testABrokerAndABacklightChangedInTheFileAreNamedAndKeptAsTheyRun() throws {
        let running = try parse("""
            [mqtt]
            broker = "mqtt://127.0.0.1:1883"
            [power]
            backlight = "none"
            brightness = 0.5
            """)
        let file = try parse("""
            [display]
            mode = "800x480"
            [mqtt]
            broker = "mqtt://127.0.0.1:1884"
            keepalive = 30
            [power]
            backlight = "/sys/class/backlight/other"
            brightness = 0.7
            """)
        XCTAssertEqual(running.restartOnlyChanges(to: file),
                       ["[display] mode", "[mqtt] broker", "[mqtt] keepalive", "[power] backlight"])
        let reloaded = running.reloadable(from: file)
        XCTAssertEqual(reloaded.mqtt, running.mqtt, "the broker that is connected")
        XCTAssertEqual(reloaded.power.backlight, .none, "the backlight that opened")
        XCTAssertEqual(reloaded.power.brightness, 0.7, "the rest of [power] is the file's")
        XCTAssertNil(reloaded.display.mode)
        XCTAssertEqual(running.restartOnlyChanges(to: reloaded), [], "what runs owes no restart")
    }
}
