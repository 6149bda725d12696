import Foundation
import KioskConfig
import KioskEngine
@testable import KioskRuntime
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
        _ = fixture.kiosk.runLoop(limit: 5) { fixture.all.lines.filter { $0.hasPrefix(topic + " ") }.count >= count }
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

/// A "broker" that accepts the connection and never says a word: the loop's turns stay short.
final class SilentBrokerInProcessTests: XCTestCase {
    func testABrokerThatNeverAnswersNeverHoldsUpTheLoop() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let port = try MosquittoBroker.freePort()
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        let size = socklen_t(MemoryLayout<sockaddr_in>.size)
        XCTAssertEqual(withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, size) } }, 0)
        XCTAssertEqual(listen(listener, 16), 0)
        let kiosk = try DaemonHarness(config: """
            [display]
            backend = "headless"
            size = "320x200"
            [camera]
            source = "none"
            [control]
            bus = "none"
            [mqtt]
            broker = "mqtt://127.0.0.1:\(port)"
            keepalive = 5
            [[screen]]
            name = "home"
            [[screen]]
            name = "work"
            """)
        kiosk.settle()
        let control = KioskControl(daemon: kiosk.daemon, logger: kiosk.log.logger)
        var longest = 0.0
        // Frames, touches of the loop and the client's timers through several connect deadlines.
        for round in 0..<200 {
            let start = Date()
            _ = try kiosk.daemon.eventLoop.runOnce(timeoutMilliseconds: 0)
            kiosk.frame()
            longest = max(longest, Date().timeIntervalSince(start))
            if round % 20 == 19 { kiosk.clock.advance(to: kiosk.clock.now + 11) }
            if round == 100 { try kiosk.daemon.goTo("work", animated: true) }
        }
        XCTAssertLessThan(longest, 1.0 / 60, "the longest turn took \(longest * 1000) ms")
        XCTAssertTrue(kiosk.log.lines.contains { $0.contains("did not answer within 10 s") }, "\(kiosk.log.lines)")
        XCTAssertEqual(kiosk.daemon.currentScreen, "work")
        withExtendedLifetime(control) {}
    }
}

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
        [[screen]]
        name = "work"
        """
    }

    /// The keys each entity type's MQTT discovery documents as required or used here.
    private static let documentedKeys: [String: Set<String>] = [
        "select": ["command_topic", "options", "state_topic"],
        "light": ["command_topic", "state_topic", "payload_on", "payload_off", "brightness_command_topic", "brightness_state_topic"],
        "button": ["command_topic", "payload_press"],
        "sensor": ["state_topic"],
        "binary_sensor": ["state_topic", "payload_on", "payload_off"],
    ]
    private static let commonKeys: Set<String> = ["name", "unique_id", "availability_topic", "payload_available",
                                                  "payload_not_available", "device"]

    func testTheKioskAppearsAsOneDeviceAndARemovedValueIsCleared() throws {
        let broker = try MosquittoBroker()
        let kiosk = try DaemonHarness(config: Self.config(port: broker.port,
                                                          values: "[[value]]\nname = \"temp\"\n[[value]]\nname = \"door\"\ninitial = \"shut\""))
        kiosk.settle()
        let control = KioskControl(daemon: kiosk.daemon, logger: kiosk.log.logger)
        let configs = try broker.subscribe("homeassistant/#")
        let node = "homeassistant/%@/hall_panel/%@/config"
        func topic(_ component: String, _ object: String) -> String { String(format: node, component, object) }
        let expected = [topic("select", "screen"), topic("light", "backlight"), topic("binary_sensor", "blanked"),
                        topic("binary_sensor", "transitioning"), topic("sensor", "value_temp"), topic("sensor", "value_door"),
                        topic("button", "button_home_bell")]
        XCTAssertTrue(kiosk.runLoop(limit: 5) { expected.allSatisfy { configs.last($0) != nil } }, "\(configs.lines)")
        for entity in expected {
            let component = entity.split(separator: "/")[1]
            let payload = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(configs.last(entity)!.utf8)) as? [String: Any])
            let keys = Set(payload.keys)
            XCTAssertTrue(keys.isSuperset(of: Self.commonKeys.union(Self.documentedKeys[String(component)]!)), "\(entity): \(keys)")
            XCTAssertEqual(payload["availability_topic"] as? String, "kiosk/d/availability")
            XCTAssertEqual((payload["device"] as? [String: Any])?["identifiers"] as? [String], ["hall.panel"])
        }
        let select = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(configs.last(topic("select", "screen"))!.utf8)) as? [String: Any])
        XCTAssertEqual(select["options"] as? [String], ["home", "work"])
        XCTAssertEqual(select["command_topic"] as? String, "kiosk/d/command/goto")

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

/// `mqtts://` with a CA the test makes (openssl): the kiosk connects when `ca-file` holds the
/// broker's CA, and refuses a broker whose certificate that CA did not sign.
final class MqttTLSInProcessTests: XCTestCase {
    private func openssl(_ arguments: [String]) throws {
        guard let openssl = Command.find("openssl") else { throw XCTSkip("openssl is missing: install Debian's openssl") }
        let result = try Command.run(openssl, arguments)
        XCTAssertEqual(result.status, 0, result.error)
    }

    /// A CA, and a certificate for 127.0.0.1 it signed, in `directory`.
    private func makeCertificates(in directory: String, name: String) throws {
        try openssl(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=\(name) CA",
                     "-keyout", "\(directory)/\(name)-ca.key", "-out", "\(directory)/\(name)-ca.pem"])
        try openssl(["req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1",
                     "-keyout", "\(directory)/\(name).key", "-out", "\(directory)/\(name).csr"])
        try "subjectAltName = IP:127.0.0.1\n".write(toFile: "\(directory)/\(name).ext", atomically: true, encoding: .utf8)
        try openssl(["x509", "-req", "-in", "\(directory)/\(name).csr", "-CA", "\(directory)/\(name)-ca.pem",
                     "-CAkey", "\(directory)/\(name)-ca.key", "-CAcreateserial", "-days", "2",
                     "-extfile", "\(directory)/\(name).ext", "-out", "\(directory)/\(name).pem"])
        // Mosquitto started as root reads its files as the mosquitto user.
        chmod("\(directory)/\(name).key", 0o644)
    }

    func testTheKioskConnectsOverTLSCheckedAgainstItsCAFile() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("mqtt-tls-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try makeCertificates(in: scratch, name: "good")
        try makeCertificates(in: scratch, name: "other")
        let tlsPort = try MosquittoBroker.freePort()
        let broker = try MosquittoBroker(extraConfig: """
            listener \(tlsPort) 127.0.0.1
            cafile \(scratch)/good-ca.pem
            certfile \(scratch)/good.pem
            keyfile \(scratch)/good.key
            """)
        func kiosk(ca: String) throws -> (DaemonHarness, KioskControl) {
            let kiosk = try DaemonHarness(config: """
                [display]
                backend = "headless"
                size = "320x200"
                [camera]
                source = "none"
                [control]
                bus = "none"
                [mqtt]
                broker = "mqtts://127.0.0.1:\(tlsPort)"
                ca-file = "\(ca)"
                topic-prefix = "kiosk/tls"
                [[screen]]
                name = "home"
                """)
            kiosk.settle()
            return (kiosk, KioskControl(daemon: kiosk.daemon, logger: kiosk.log.logger))
        }
        // The plain listener sees what the TLS one was sent.
        let state = try broker.subscribe("kiosk/tls/#")
        let (good, goodControl) = try kiosk(ca: "\(scratch)/good-ca.pem")
        XCTAssertTrue(good.runLoop(limit: 5) { state.last("kiosk/tls/state/screen") == "home" }, "\(good.log.lines)")
        XCTAssertTrue(good.log.lines.contains { $0.contains("connected to mqtts://127.0.0.1:\(tlsPort)") })
        withExtendedLifetime(goodControl) {}

        let (wrong, wrongControl) = try kiosk(ca: "\(scratch)/other-ca.pem")
        XCTAssertTrue(wrong.runLoop(limit: 5) { wrong.log.lines.contains { $0.contains("trying again") } }, "\(wrong.log.lines)")
        XCTAssertFalse(wrong.log.lines.contains { $0.contains("MQTT: connected") }, "\(wrong.log.lines)")
        withExtendedLifetime(wrongControl) {}
    }
}
