import Foundation
import KioskConfig
@testable import KioskRuntime
import KioskTestSupport
import XCTest

/// The discovery payloads against what Home Assistant's MQTT integration documents for each entity
/// type (HomeAssistantDiscoveryKeys): every key one it knows, the required ones there, and state
/// payloads that mean what the entity's payload_on/payload_off say.
final class MqttDiscoveryPayloadTests: XCTestCase {
    private func payloads() throws -> [(component: String, topic: String, keys: [String: Any])] {
        let text = """
            [mqtt]
            broker = "mqtt://127.0.0.1:1883"
            homeassistant = true
            [[value]]
            name = "temp"
            [[screen]]
            name = "home"
              [[screen.element]]
              type = "button"
              name = "bell"
              title = "Bell"
              action = "signal"
              remote-press = true
            [[screen]]
            name = "work"
            """
        let configuration = try ConfigurationLoader.parse(text, fileName: "kiosk.toml").get()
        let discovery = MqttDiscovery(clientID: "hall-panel", topics: MqttTopics(prefix: "swipe-kiosk/hall-panel"))
        return try discovery.messages(for: configuration).sorted { $0.key < $1.key }.map { topic, json in
            let component = String(topic.split(separator: "/")[1])
            let keys = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], json)
            return (component, topic, keys)
        }
    }

    func testEveryKeyIsOneHomeAssistantDocumentsForItsEntityType() throws {
        let found = try payloads()
        XCTAssertEqual(Set(found.map { $0.component }), Set(HomeAssistantDiscoveryKeys.documented.keys), "one of each entity type")
        for (component, topic, payload) in found {
            let keys = Set(payload.keys)
            let known = HomeAssistantDiscoveryKeys.common.union(HomeAssistantDiscoveryKeys.documented[component] ?? [])
            XCTAssertEqual(keys.subtracting(known), [], "\(topic): keys Home Assistant does not document for a \(component)")
            XCTAssertEqual(HomeAssistantDiscoveryKeys.required[component, default: []].union(HomeAssistantDiscoveryKeys.commonRequired).subtracting(keys), [], "\(topic): required keys missing")
            let device = try XCTUnwrap(payload["device"] as? [String: Any], topic)
            XCTAssertEqual(Set(device.keys).subtracting(HomeAssistantDiscoveryKeys.device), [], "\(topic): device keys")
            XCTAssertEqual(device["identifiers"] as? [String], ["hall-panel"])
        }
    }

    /// Home Assistant compares what a state message gives (after `state_value_template`, when
    /// there is one) with payload_on and payload_off: the kiosk's `true`/`false` must land on them.
    func testTheStatesTheKioskPublishesMatchTheEntitiesOnAndOffPayloads() throws {
        let found = try payloads()
        let light = try XCTUnwrap(found.first { $0.component == "light" }?.keys)
        XCTAssertEqual(light["state_topic"] as? String, "swipe-kiosk/hall-panel/state/blanked")
        XCTAssertNil(light["state_value_template"], "the blanked state is compared with payload_on/payload_off as it comes")
        // Blanked ("true") is the backlight off; the commands go to command/blank, where "false" wakes.
        XCTAssertEqual(light["payload_off"] as? String, "true")
        XCTAssertEqual(light["payload_on"] as? String, "false")
        XCTAssertEqual(light["command_topic"] as? String, "swipe-kiosk/hall-panel/command/blank")
        for sensor in found where sensor.component == "binary_sensor" {
            XCTAssertNil(sensor.keys["value_template"], sensor.topic)
            XCTAssertEqual(sensor.keys["payload_on"] as? String, "true", sensor.topic)
            XCTAssertEqual(sensor.keys["payload_off"] as? String, "false", sensor.topic)
        }
    }

    /// Only the buttons a remote press may run get an entity: a `goto` button, and another with
    /// `remote-press = true`; an exec button without it has none, so Home Assistant offers no press.
    func testOnlyButtonsThatMayBePressedRemotelyAreAnnounced() throws {
        let text = """
            [mqtt]
            broker = "mqtt://127.0.0.1:1883"
            homeassistant = true
            [[screen]]
            name = "home"
              [[screen.element]]
              type = "button"
              name = "door"
              action = "exec"
              command = ["/bin/true"]
              [[screen.element]]
              type = "button"
              name = "light"
              action = "exec"
              command = ["/bin/true"]
              remote-press = true
              [[screen.element]]
              type = "button"
              name = "next"
              target = "work"
            [[screen]]
            name = "work"
            """
        let configuration = try ConfigurationLoader.parse(text, fileName: "kiosk.toml").get()
        let discovery = MqttDiscovery(clientID: "hall-panel", topics: MqttTopics(prefix: "swipe-kiosk/hall-panel"))
        let buttons = discovery.messages(for: configuration).keys.filter { $0.hasPrefix("homeassistant/button/") }.sorted()
        XCTAssertEqual(buttons, ["homeassistant/button/hall-panel/button_home_light/config",
                                 "homeassistant/button/hall-panel/button_home_next/config"])
    }
}
