import XCTest
@testable import KioskConfig

/// `[mqtt]`, `source = "mqtt"` values and `action = "mqtt"` buttons.
final class MqttConfigTests: XCTestCase {
    func testNoBrokerIsNoMqtt() throws {
        let configuration = try XCTUnwrap(loadValid(""))
        XCTAssertNil(configuration.mqtt.broker)
        XCTAssertEqual(configuration.mqtt.keepalive, 60)
        XCTAssertFalse(configuration.mqtt.homeAssistant)
    }

    func testEverySettingReads() throws {
        let configuration = try XCTUnwrap(loadValid("""
            [mqtt]
            broker = "mqtts://broker.example:8884"
            client-id = "hall"
            username = "panel"
            password-file = "/etc/swipe-kiosk/mqtt-password"
            ca-file = "/etc/swipe-kiosk/ca.pem"
            topic-prefix = "building/hall"
            keepalive = 30
            homeassistant = true
            [[value]]
            name = "temp"
            source = "mqtt"
            topic = "sensors/+/room"
            field = "temperature"
            format = "%.1f °C"
            [[screen]]
            name = "home"
              [[screen.element]]
              type = "button"
              name = "light"
              action = "mqtt"
              topic = "house/light/set"
              payload = "ON"
            """))
        let mqtt = configuration.mqtt
        XCTAssertEqual(mqtt.broker, MqttBroker(host: "broker.example", port: 8884, tls: true))
        XCTAssertEqual(mqtt.clientID, "hall")
        XCTAssertEqual(mqtt.username, "panel")
        XCTAssertEqual(mqtt.passwordFile, "/etc/swipe-kiosk/mqtt-password")
        XCTAssertEqual(mqtt.caFile, "/etc/swipe-kiosk/ca.pem")
        XCTAssertEqual(mqtt.topicPrefix, "building/hall")
        XCTAssertEqual(mqtt.keepalive, 30)
        XCTAssertTrue(mqtt.homeAssistant)
        guard case .mqtt(let spec) = configuration.values[0].source else { return XCTFail("\(configuration.values)") }
        XCTAssertEqual(spec.topic, "sensors/+/room")
        XCTAssertEqual(spec.field, "temperature")
        XCTAssertEqual(spec.format?.apply(to: "21.46"), "21.5 °C")
        guard case .button(let button) = configuration.screens[0].elements[0].kind else { return XCTFail() }
        XCTAssertEqual(button.action, .mqtt(topic: "house/light/set", payload: "ON"))
    }

    func testBrokerURLs() {
        XCTAssertEqual(MqttBroker(url: "mqtt://127.0.0.1"), MqttBroker(host: "127.0.0.1", port: 1883, tls: false))
        XCTAssertEqual(MqttBroker(url: "mqtts://b"), MqttBroker(host: "b", port: 8883, tls: true))
        XCTAssertEqual(MqttBroker(url: "mqtt://[::1]:1884"), MqttBroker(host: "::1", port: 1884, tls: false))
        for bad in ["http://b", "mqtt://", "mqtt://b:0", "mqtt://b:x", "mqtt://user@b", "b:1883"] {
            XCTAssertNil(MqttBroker(url: bad), bad)
        }
    }

    func testFormats() {
        XCTAssertEqual(ValueFormat(pattern: "%d %%")?.apply(to: "41.6"), "42 %")
        XCTAssertEqual(ValueFormat(pattern: "[%s]")?.apply(to: "open"), "[open]")
        XCTAssertNil(ValueFormat(pattern: "%.1f")?.apply(to: "warm"))
        for bad in ["none", "%f %f", "%n", "%10s", "%.99f", "%"] {
            XCTAssertNil(ValueFormat(pattern: bad), bad)
        }
    }

    func testBadValuesAreReportedWithLineAndColumn() {
        let found = diagnostics("""
            [mqtt]
            broker = "tcp://broker:1883"
            topic-prefix = "kiosk/#"
            keepalive = 1
            ca-file = "relative.pem"
            """)
        XCTAssertEqual(found.count, 4, "\(found)")
        XCTAssertTrue(found[0].hasPrefix("kiosk.toml:2:10: ") && found[0].contains("mqtt://host:1883"), found[0])
        XCTAssertTrue(found[1].hasPrefix("kiosk.toml:3:16: "), found[1])
        XCTAssertTrue(found[2].hasPrefix("kiosk.toml:4:13: "), found[2])
        XCTAssertTrue(found[3].hasPrefix("kiosk.toml:5:11: ") && found[3].contains("absolute path"), found[3])
    }

    func testMqttValuesAndButtonsNeedABroker() {
        let found = diagnostics("""
            [[value]]
            name = "temp"
            source = "mqtt"
            topic = "sensors/room"
            [[screen]]
            name = "home"
              [[screen.element]]
              type = "button"
              name = "light"
              action = "mqtt"
              topic = "house/#"
            """)
        XCTAssertTrue(found.contains { $0.hasPrefix("kiosk.toml:3:10: ") && $0.contains("needs [mqtt] broker") }, "\(found)")
        XCTAssertTrue(found.contains { $0.hasPrefix("kiosk.toml:11:11: ") && $0.contains("without '+' or '#'") }, "\(found)")
        XCTAssertTrue(found.contains { $0.hasPrefix("kiosk.toml:10:12: ") && $0.contains("needs [mqtt] broker") }, "\(found)")
    }
}
