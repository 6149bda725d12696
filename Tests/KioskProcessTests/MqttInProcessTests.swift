import Foundation
import KioskConfig
import KioskEngine
@testable import KioskRuntime
import KioskTestSupport
import KioskProcessSupport
import XCTest

/// The MQTT front end on the whole daemon in-process, against a real Mosquitto broker: retained
/// state, commands and their results, values from plain and JSON payloads, an mqtt button, and a
/// broker that goes away and comes back.
final class MqttInProcessTests: XCTestCase {
    private static let prefix = "kiosk/t"

    private static func config(port: Int) -> String {
        """
        [display]
        backend = "headless"
        size = "320x200"
        [camera]
        source = "none"
        [control]
        bus = "none"
        [transition]
        duration = 0.2
        [mqtt]
        broker = "mqtt://127.0.0.1:\(port)"
        client-id = "test-kiosk"
        topic-prefix = "\(prefix)"
        [[value]]
        name = "temp"
        source = "mqtt"
        topic = "sensors/room"
        field = "temperature"
        format = "%.1f °C"
        [[value]]
        name = "door"
        source = "mqtt"
        topic = "sensors/door"
        [[value]]
        name = "note"
        [[screen]]
        name = "home"
          [[screen.element]]
          type = "button"
          title = "Lights"
          name = "lights"
          action = "mqtt"
          topic = "house/lights/set"
          payload = "ON"
          x = 60
          y = 60
          width = 200
          height = 80
        [[screen]]
        name = "work"
        """
    }

    private struct Fixture {
        let broker: MosquittoBroker
        let kiosk: DaemonHarness
        let control: KioskControl
        let all: MosquittoBroker.Subscription
    }

    /// A broker, a daemon connected to it, and a subscriber to everything under the prefix that
    /// has seen the retained state.
    private func connected() throws -> Fixture {
        let broker = try MosquittoBroker()
        let kiosk = try DaemonHarness(config: Self.config(port: broker.port))
        kiosk.settle()
        let control = KioskControl(daemon: kiosk.daemon, logger: kiosk.log.logger)
        let all = try broker.subscribe("\(Self.prefix)/#")
        XCTAssertTrue(kiosk.runLoop(limit: 5) { all.last("\(Self.prefix)/state/screen") == "home" }, "\(kiosk.log.lines)")
        return Fixture(broker: broker, kiosk: kiosk, control: control, all: all)
    }

    private func result(_ fixture: Fixture, after command: String, _ payload: String, count: Int) throws -> [String: Any]? {
        try fixture.broker.publish("\(Self.prefix)/command/\(command)", payload)
        let topic = "\(Self.prefix)/result"
        // A reload waits for its turn on the (manual) clock, as SIGHUP's does.
        _ = fixture.kiosk.runLoop(limit: 5) {
            fixture.kiosk.clock.fireDueTimers()
            return fixture.all.lines.filter { $0.hasPrefix(topic + " ") }.count >= count
        }
        guard let text = fixture.all.last(topic) else { return nil }
        return try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    }

    func testTheStateIsRetainedAndAvailabilityIsOnline() throws {
        let fixture = try connected()
        // A late subscriber sees the retained state at once.
        let late = try fixture.broker.subscribe("\(Self.prefix)/#")
        let p = Self.prefix
        XCTAssertTrue(fixture.kiosk.runLoop(limit: 5) { late.last("\(p)/state/brightness") != nil && late.last("\(p)/availability") != nil })
        XCTAssertEqual(late.last("\(p)/availability"), "online")
        XCTAssertEqual(late.last("\(p)/state/screen"), "home")
        XCTAssertEqual(late.last("\(p)/state/screens"), "[\"home\",\"work\"]")
        XCTAssertEqual(late.last("\(p)/state/blanked"), "false")
        XCTAssertEqual(late.last("\(p)/state/transitioning"), "false")
        XCTAssertEqual(late.last("\(p)/state/brightness").flatMap(Double.init), fixture.kiosk.daemon.brightness)
        XCTAssertEqual(late.last("\(p)/state/volume"), "1.0")
        // An empty text is an empty retained message, which MQTT takes as "no retained message".
        XCTAssertNil(late.last("\(p)/value/note"))
    }

    func testEveryCommandIsRunAndAnsweredWithCtlsErrorTexts() throws {
        let fixture = try connected()
        let kiosk = fixture.kiosk, p = Self.prefix
        var count = 0
        func run(_ command: String, _ payload: String) throws -> [String: Any]? {
            count += 1
            let answer = try result(fixture, after: command, payload, count: count)
            kiosk.settle()
            _ = kiosk.runLoop(limit: 0.2) { false }
            return answer
        }
        var answer = try run("goto", "work")
        XCTAssertEqual(answer?["command"] as? String, "goto")
        XCTAssertEqual(answer?["ok"] as? Bool, true)
        XCTAssertTrue(answer?["error"] is NSNull)
        XCTAssertEqual(kiosk.daemon.currentScreen, "work")
        XCTAssertTrue(kiosk.runLoop(limit: 5) { fixture.all.last("\(p)/state/screen") == "work" })
        XCTAssertEqual(fixture.all.last("\(p)/event/screen-changed"), "{\"from\":\"home\",\"to\":\"work\"}")
        XCTAssertEqual(fixture.all.last("\(p)/event/transition-ended"), "{\"completed\":true,\"from\":\"home\",\"to\":\"work\"}")

        answer = try run("goto", "{\"screen\": \"home\", \"animated\": false}")
        XCTAssertEqual(answer?["ok"] as? Bool, true)
        XCTAssertEqual(kiosk.daemon.currentScreen, "home")

        answer = try run("goto", "nowhere")
        XCTAssertEqual(answer?["ok"] as? Bool, false)
        XCTAssertEqual(answer?["error"] as? String, ControlError.noSuchScreen(name: "nowhere", screens: ["home", "work"]).description)

        answer = try run("set/note", "hello")
        XCTAssertEqual(answer?["command"] as? String, "set/note")
        XCTAssertEqual(answer?["ok"] as? Bool, true)
        XCTAssertEqual(kiosk.daemon.values["note"], "hello")
        XCTAssertTrue(kiosk.runLoop(limit: 5) { fixture.all.last("\(p)/value/note") == "hello" })

        answer = try run("set/temp", "99")
        XCTAssertEqual(answer?["error"] as? String, SetValueError.notSettable("temp", source: .mqtt).description)

        answer = try run("brightness", "0.5")
        XCTAssertEqual(answer?["ok"] as? Bool, true)
        XCTAssertTrue(kiosk.runLoop(limit: 5) { fixture.all.last("\(p)/state/brightness") == "0.5" })
        answer = try run("brightness", "2")
        XCTAssertEqual(answer?["error"] as? String, "brightness 2.0 is outside 0...1")

        answer = try run("volume", "0.25")
        XCTAssertEqual(answer?["ok"] as? Bool, true)
        XCTAssertEqual(kiosk.daemon.volume, 0.25)
        XCTAssertTrue(kiosk.runLoop(limit: 5) { fixture.all.last("\(p)/state/volume") == "0.25" })
        answer = try run("volume", "2")
        XCTAssertEqual(answer?["error"] as? String, "volume 2.0 is outside 0...1")
        answer = try run("volume", "loud")
        XCTAssertEqual(answer?["ok"] as? Bool, false)

        answer = try run("blank", "")
        if answer?["ok"] as? Bool == true {
            XCTAssertTrue(kiosk.runLoop(limit: 5) { fixture.all.last("\(p)/state/blanked") == "true" })
        } else {
            XCTAssertEqual(answer?["error"] as? String, "the display could not be powered down; see the journal")
        }
        answer = try run("wake", "")
        XCTAssertEqual(answer?["ok"] as? Bool, true)
        XCTAssertTrue(kiosk.runLoop(limit: 5) { fixture.all.last("\(p)/state/blanked") == "false" })

        answer = try run("reload", "")
        XCTAssertEqual(answer?["ok"] as? Bool, true)

        answer = try run("dance", "")
        XCTAssertEqual(answer?["error"] as? String, "unknown command \"dance\"; commands: \(MqttCommand.names)")
        withExtendedLifetime(fixture.control) {}
    }

    /// Only a restart applies [mqtt]: a reload that names another broker says so on P/result, and
    /// the kiosk stays on the broker it connected to, which status and discovery still name.
    func testAReloadThatNamesAnotherBrokerSaysARestartIsNeededAndStaysOnThisOne() throws {
        let fixture = try connected()
        let kiosk = fixture.kiosk, p = Self.prefix
        let running = kiosk.daemon.configuration.mqtt
        try kiosk.rewriteConfig(Self.config(port: fixture.broker.port + 1).replacingOccurrences(of: "duration = 0.2", with: "duration = 0.3"))
        let answer = try result(fixture, after: "reload", "", count: 1)
        XCTAssertEqual(answer?["ok"] as? Bool, true)
        XCTAssertEqual(answer?["summary"] as? String,
                       "reloaded; [mqtt] broker: only a restart applies these: systemctl restart swipe-kiosk")
        XCTAssertEqual(kiosk.daemon.configuration.mqtt, running, "the broker that is connected")
        XCTAssertEqual(kiosk.daemon.configuration.transition.duration, 0.3, "the rest is applied")
        XCTAssertEqual(try result(fixture, after: "goto", "work", count: 2)?["ok"] as? Bool, true, "commands still come from this broker")
        kiosk.settle()
        XCTAssertTrue(kiosk.runLoop(limit: 5) { fixture.all.last("\(p)/state/screen") == "work" }, "and the state goes to it")
        withExtendedLifetime(fixture.control) {}
    }

    func testValuesComeFromPlainAndJSONPayloads() throws {
        let fixture = try connected()
        let kiosk = fixture.kiosk
        try fixture.broker.publish("sensors/room", "{\"temperature\": 21.46, \"humidity\": 40}")
        try fixture.broker.publish("sensors/door", " open\n")
        XCTAssertTrue(kiosk.runLoop(limit: 5) { kiosk.daemon.values["temp"] == "21.5 °C" && kiosk.daemon.values["door"] == "open" },
                      "\(kiosk.daemon.values)")
        XCTAssertTrue(kiosk.runLoop(limit: 5) { fixture.all.last("\(Self.prefix)/value/temp") == "21.5 °C" })
        // A payload without the field leaves the text as it was, and says why in the log.
        try fixture.broker.publish("sensors/room", "{\"humidity\": 41}")
        XCTAssertTrue(kiosk.runLoop(limit: 5) { kiosk.log.lines.contains { $0.contains("has no field \"temperature\"") } })
        XCTAssertEqual(kiosk.daemon.values["temp"], "21.5 °C")
        withExtendedLifetime(fixture.control) {}
    }

    func testAnMqttButtonPublishesItsPayloadAndTheButtonEvent() throws {
        let fixture = try connected()
        let kiosk = fixture.kiosk
        let lights = try fixture.broker.subscribe("house/#")
        // The subscriber is ready once it has seen its own first retained message.
        try fixture.broker.publish("house/ready", "1", retain: true)
        XCTAssertTrue(kiosk.runLoop(limit: 5) { lights.last("house/ready") != nil })
        let centre = Point(x: 160, y: 100)
        try kiosk.send([TouchEvent(id: 1, phase: .began, location: centre, time: kiosk.clock.now)])
        kiosk.clock.advance(to: kiosk.clock.now + 0.05)
        try kiosk.send([TouchEvent(id: 1, phase: .ended, location: centre, time: kiosk.clock.now)])
        kiosk.settle()
        XCTAssertTrue(kiosk.runLoop(limit: 5) { lights.last("house/lights/set") == "ON" })
        XCTAssertTrue(kiosk.runLoop(limit: 5) { fixture.all.last("\(Self.prefix)/event/button") != nil })
        XCTAssertEqual(fixture.all.last("\(Self.prefix)/event/button"), "{\"button\":\"lights\",\"screen\":\"home\"}")
        withExtendedLifetime(fixture.control) {}
    }

    func testABrokerStoppedAndStartedAgainGetsTheStateRepublished() throws {
        let fixture = try connected()
        let kiosk = fixture.kiosk, port = fixture.broker.port, p = Self.prefix
        try kiosk.daemon.goTo("work", animated: false)
        kiosk.settle()
        fixture.broker.stop()
        XCTAssertTrue(kiosk.runLoop(limit: 5) { kiosk.log.lines.contains { $0.contains("trying again") } }, "\(kiosk.log.lines)")
        // Frames go on while the broker is away.
        let before = kiosk.display.presentedFrameCount
        try kiosk.daemon.goTo("home", animated: true)
        kiosk.settle()
        XCTAssertGreaterThan(kiosk.display.presentedFrameCount, before)
        let again = try MosquittoBroker(port: port)
        let late = try again.subscribe("\(p)/#")
        // The backoff's timer runs on the manual clock: move past it, then let the connect finish.
        var connected = false
        // Small steps, so a connect under way is not taken for a silent broker by the jump itself.
        for _ in 0..<40 where !connected {
            kiosk.clock.advance(to: kiosk.clock.now + 3)
            connected = kiosk.runLoop(limit: 0.5) { late.last("\(p)/state/screen") == "home" }
        }
        XCTAssertTrue(connected, "\(kiosk.log.lines) subscriber: \(late.lines)")
        XCTAssertEqual(late.last("\(p)/availability"), "online")
        withExtendedLifetime(fixture.control) {}
    }
}
