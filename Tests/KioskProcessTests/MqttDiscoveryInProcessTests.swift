import Foundation
import KioskConfig
import KioskEngine
@testable import KioskRuntime
import KioskTestSupport
import KioskProcessSupport
import XCTest

/// Home Assistant discovery: one device, its entities' configs with the keys Home Assistant
/// documents, and an entity a reload removes cleared.
final class MqttDiscoveryInProcessTests: XCTestCase {
    private static func config(port: Int, values: String) -> String {
        """
        [display]
        backend = "headless"
        size = "320x200"
        [camera]
        source = "none"
        [control]
        bus = "none"
        [mqtt]
        broker = "mqtt://127.0.0.1:\(port)"
        client-id = "hall.panel"
        topic-prefix = "kiosk/d"
        homeassistant = true
        \(values)
        [[screen]]
        name = "home"
          [[screen.element]]
          type = "button"
          title = "Bell"
          name = "bell"
          action = "signal"
          remote-press = true
        [[screen]]
        name = "work"
        """
    }

    func testTheKioskAppearsAsOneDeviceAndARemovedValueIsCleared() throws {
        let broker = try MosquittoBroker()
        let kiosk = try DaemonHarness(config: Self.config(port: broker.port,
                                                          values: "[[value]]\nname = \"temp\"\n[[value]]\nname = \"door\"\ninitial = \"shut\""))
        kiosk.settle()
        let control = KioskControl(daemon: kiosk.daemon, logger: kiosk.log.logger)
        let configs = try broker.subscribe("homeassistant/#")
        let node = "homeassistant/%@/hall_panel/%@/config"
        func topic(_ component: String, _ object: String) -> String { String(format: node, component, object) }
        let expected = [topic("select", "screen"), topic("light", "backlight"), topic("number", "volume"), topic("binary_sensor", "blanked"),
                        topic("binary_sensor", "transitioning"), topic("sensor", "value_temp"), topic("sensor", "value_door"),
                        topic("button", "button_home_bell")]
        XCTAssertTrue(kiosk.runLoop(limit: 5) { expected.allSatisfy { configs.last($0) != nil } }, "\(configs.lines)")
        for entity in expected {
            let component = entity.split(separator: "/")[1]
            let payload = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(configs.last(entity)!.utf8)) as? [String: Any])
            let keys = Set(payload.keys)
            let required = HomeAssistantDiscoveryKeys.commonRequired.union(HomeAssistantDiscoveryKeys.required[String(component)]!)
            XCTAssertTrue(keys.isSuperset(of: required), "\(entity): \(keys)")
            XCTAssertEqual(payload["availability_topic"] as? String, "kiosk/d/availability")
            XCTAssertEqual((payload["device"] as? [String: Any])?["identifiers"] as? [String], ["hall.panel"])
        }
        let select = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(configs.last(topic("select", "screen"))!.utf8)) as? [String: Any])
        XCTAssertEqual(select["options"] as? [String], ["home", "work"])
        XCTAssertEqual(select["command_topic"] as? String, "kiosk/d/command/goto")
        let volume = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(configs.last(topic("number", "volume"))!.utf8)) as? [String: Any])
        XCTAssertEqual(volume["command_topic"] as? String, "kiosk/d/command/volume")
        XCTAssertEqual(volume["state_topic"] as? String, "kiosk/d/state/volume")
        XCTAssertEqual(volume["min"] as? Double, 0)
        XCTAssertEqual(volume["max"] as? Double, 1)

        // Home Assistant's button presses the kiosk's button.
        let presses = try broker.subscribe("kiosk/d/event/button")
        let values = try broker.subscribe("kiosk/d/value/#")
        let button = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(configs.last(topic("button", "button_home_bell"))!.utf8)) as? [String: Any])
        XCTAssertTrue(kiosk.runLoop(limit: 0.3) { false } == false) // the subscriber settles in
        try broker.publish(button["command_topic"] as! String, button["payload_press"] as! String)
        XCTAssertTrue(kiosk.runLoop(limit: 5) { presses.last("kiosk/d/event/button") != nil }, kiosk.log.lines.joined(separator: "\n"))

        try kiosk.rewriteConfig(Self.config(port: broker.port, values: "[[value]]\nname = \"temp\""))
        XCTAssertEqual(kiosk.daemon.reload(), .applied)
        // mosquitto_sub prints an empty payload (the retained config cleared) as "(null)".
        XCTAssertTrue(kiosk.runLoop(limit: 5) { configs.last(topic("sensor", "value_door")) == "(null)" }, "\(configs.lines)")
        XCTAssertNotEqual(configs.last(topic("sensor", "value_temp")), "(null)")
        XCTAssertTrue(kiosk.runLoop(limit: 5) { values.last("kiosk/d/value/door") == "(null)" }, "\(values.lines)")
        withExtendedLifetime(control) {}
    }
}
