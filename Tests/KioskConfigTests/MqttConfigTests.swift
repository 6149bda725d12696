import KioskConfig
import XCTest

/// `[mqtt]`, and the values and buttons that need it.
final class MqttConfigTests: XCTestCase {
    func testBrokerAddressesParseWithTheirDefaultPorts() {
        XCTAssertEqual(MqttBroker(parsing: "mqtt://broker.lan"), MqttBroker(host: "broker.lan", port: 1883, usesTLS: false))
        XCTAssertEqual(MqttBroker(parsing: "mqtts://10.0.0.5"), MqttBroker(host: "10.0.0.5", port: 8883, usesTLS: true))
        XCTAssertEqual(MqttBroker(parsing: "mqtt://[::1]:1884"), MqttBroker(host: "::1", port: 1884, usesTLS: false))
        for bad in ["broker.lan", "http://broker", "mqtt://", "mqtt://host:0", "mqtt://host:99999", "mqtt://user@host", "mqtt://h/x"] {
            XCTAssertNil(MqttBroker(parsing: bad), bad)
        }
    }

    func testAPasswordInTheConfigIsRefusedAndTheRestReads() throws {
        XCTAssertEqual(diagnostics("[mqtt]\nbroker = \"mqtt://127.0.0.1\"\npassword = \"secret\"\n"), [
            "kiosk.toml:3:12: mqtt.password: is never kept in the config: put it in a file readable only by the service "
                + "and name it with password-file",
        ])
        let configuration = try XCTUnwrap(loadValid("""
            [mqtt]
            broker = "mqtts://broker.lan"
            client-id = "lobby-panel"
            topic-prefix = "building/lobby"
            password-file = "/etc/swipe-kiosk/mqtt-password"
            """))
        XCTAssertEqual(configuration.mqtt.broker?.description, "mqtts://broker.lan:8883")
        XCTAssertEqual(configuration.mqtt.topicPrefix, "building/lobby")
    }

    func testMqttValuesAndButtonsNeedABroker() {
        let found = diagnostics("""
            [[value]]
            name = "outside"
            source = "mqtt"
            topic = "building/weather"
            [[screen]]
            name = "home"
              [[screen.element]]
              type = "button"
              name = "call"
              title = "Call"
              action = "mqtt"
              topic = "building/staff/call"
            """)
        XCTAssertEqual(found, [
            "kiosk.toml:3:10: value \"outside\" with source \"mqtt\" needs [mqtt] broker = \"mqtt://HOST:1883\"",
            "kiosk.toml:11:12: button \"call\" with action \"mqtt\" needs [mqtt] broker = \"mqtt://HOST:1883\"",
        ])
    }
}
