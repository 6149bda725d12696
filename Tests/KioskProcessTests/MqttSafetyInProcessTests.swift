import Foundation
import KioskConfig
import KioskEngine
@testable import KioskRuntime
import KioskTestSupport
import KioskProcessSupport
import XCTest

/// Issue 40 on a shared broker, the whole daemon in-process against a real Mosquitto: retained
/// commands are ignored, a remote press runs only what the config opted in, big payloads are
/// refused unread, quotes are short, a flood is served 64 messages a turn, MQTT reloads share
/// SIGHUP's limit, and repeated warnings are rate-limited.
final class MqttSafetyInProcessTests: XCTestCase {
    private static let prefix = "kiosk/s"

    private static func config(port: Int) -> String {
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
        client-id = "safety-kiosk"
        topic-prefix = "\(prefix)"
        [[value]]
        name = "note"
        [[value]]
        name = "room"
        source = "mqtt"
        topic = "sensors/room"
        field = "t"
        [[value]]
        name = "flood"
        source = "mqtt"
        topic = "flood/#"
        [[screen]]
        name = "home"
          [[screen.element]]
          type = "button"
          name = "bell"
          action = "signal"
          [[screen.element]]
          type = "button"
          name = "chime"
          action = "signal"
          remote-press = true
          [[screen.element]]
          type = "button"
          name = "door"
          action = "exec"
          command = ["/bin/true"]
          [[screen.element]]
          type = "button"
          name = "next"
          target = "work"
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

    /// A daemon connected to `broker` (a new one when nil), and a subscriber that has seen its state.
    private func connected(to broker: MosquittoBroker? = nil) throws -> Fixture {
        let broker = try broker ?? MosquittoBroker()
        let kiosk = try DaemonHarness(config: Self.config(port: broker.port))
        kiosk.settle()
        let control = KioskControl(daemon: kiosk.daemon, logger: kiosk.log.logger)
        let all = try broker.subscribe("\(Self.prefix)/#")
        XCTAssertTrue(kiosk.runLoop(limit: 5) { all.last("\(Self.prefix)/state/screen") == "home" }, "\(kiosk.log.lines)")
        return Fixture(broker: broker, kiosk: kiosk, control: control, all: all)
    }

    private func results(_ fixture: Fixture) -> [[String: Any]] {
        fixture.all.lines.filter { $0.hasPrefix("\(Self.prefix)/result ") }.compactMap { line in
            try? JSONSerialization.jsonObject(with: Data(line.dropFirst("\(Self.prefix)/result ".count).utf8)) as? [String: Any]
        }
    }

    /// Sends `payload` on `P/command/name` and waits for the `count`th answer on `P/result`.
    private func answer(_ fixture: Fixture, _ name: String, _ payload: String, count: Int) throws -> [String: Any]? {
        try fixture.broker.publish("\(Self.prefix)/command/\(name)", payload)
        _ = fixture.kiosk.runLoop(limit: 5) {
            fixture.kiosk.clock.fireDueTimers()
            return results(fixture).count >= count
        }
        return results(fixture).count >= count ? results(fixture)[count - 1] : nil
    }

    func testRetainedCommandsAreIgnoredAndLoggedOncePerTopic() throws {
        let broker = try MosquittoBroker()
        let p = Self.prefix
        try broker.publish("\(p)/command/goto", "work", retain: true)
        try broker.publish("\(p)/command/blank", "true", retain: true)
        try broker.publish("\(p)/command/press", "{\"screen\":\"home\",\"button\":\"chime\"}", retain: true)
        let fixture = try connected(to: broker)
        let kiosk = fixture.kiosk
        XCTAssertTrue(kiosk.runLoop(limit: 5) { kiosk.log.lines.filter { $0.contains("retained message on") }.count >= 3 },
                      "\(kiosk.log.lines)")
        _ = kiosk.runLoop(limit: 0.3) { false }
        XCTAssertEqual(kiosk.daemon.currentScreen, "home")
        XCTAssertFalse(kiosk.daemon.isBlanked)
        XCTAssertNil(fixture.all.last("\(p)/event/button"), "the retained press ran")
        XCTAssertTrue(results(fixture).isEmpty, "\(results(fixture))")
        XCTAssertEqual(kiosk.log.lines.filter { $0.contains("retained message on \(p)/command/goto was ignored") }.count, 1)
        // A live command on the same topic runs.
        let live = try answer(fixture, "goto", "{\"screen\": \"work\", \"animated\": false}", count: 1)
        XCTAssertEqual(live?["ok"] as? Bool, true, "\(String(describing: live))")
        XCTAssertEqual(kiosk.daemon.currentScreen, "work")
        withExtendedLifetime(fixture.control) {}
    }

    func testARemotePressRunsAGotoAndOptedInButtonsOnly() throws {
        let fixture = try connected()
        let kiosk = fixture.kiosk, p = Self.prefix
        func press(_ button: String, count: Int) throws -> [String: Any]? {
            try answer(fixture, "press", "{\"screen\":\"home\",\"button\":\"\(button)\"}", count: count)
        }
        var result = try press("bell", count: 1)
        XCTAssertEqual(result?["ok"] as? Bool, false)
        XCTAssertTrue((result?["error"] as? String)?.contains("remote-press = true") == true, "\(String(describing: result))")
        result = try press("door", count: 2)
        XCTAssertEqual(result?["ok"] as? Bool, false)
        XCTAssertTrue((result?["error"] as? String)?.contains("exec action only from the panel") == true, "\(String(describing: result))")
        XCTAssertNil(fixture.all.last("\(p)/event/button"), "a refused press ran")
        result = try press("chime", count: 3)
        XCTAssertEqual(result?["ok"] as? Bool, true, "\(String(describing: result))")
        XCTAssertTrue(kiosk.runLoop(limit: 5) { fixture.all.last("\(p)/event/button") != nil })
        XCTAssertEqual(fixture.all.last("\(p)/event/button"), "{\"button\":\"chime\",\"screen\":\"home\"}")
        result = try press("next", count: 4)
        XCTAssertEqual(result?["ok"] as? Bool, true, "\(String(describing: result))")
        kiosk.settle()
        XCTAssertEqual(kiosk.daemon.currentScreen, "work")
        withExtendedLifetime(fixture.control) {}
    }

    func testAPayloadOver64KiBIsRefusedUnreadAndEveryQuoteIsShort() throws {
        let fixture = try connected()
        let kiosk = fixture.kiosk, p = Self.prefix
        try fixture.broker.publish("\(p)/command/brightness", payloadOfLength: 200_000)
        XCTAssertTrue(kiosk.runLoop(limit: 5) { results(fixture).count >= 1 })
        let big = results(fixture)[0]
        XCTAssertEqual(big["error"] as? String, "the payload is 200000 bytes, more than the 64 KiB a command takes")
        // Under the limit, the payload is read and refused, quoted to its start.
        try fixture.broker.publish("\(p)/command/brightness", payloadOfLength: 60_000)
        try fixture.broker.publish("\(p)/command/" + String(repeating: "x", count: 60_000), "")
        XCTAssertTrue(kiosk.runLoop(limit: 5) { results(fixture).count >= 3 })
        for result in results(fixture) {
            let text = MosquittoBroker.jsonText(result)
            XCTAssertLessThan(text.utf8.count, 400, text)
        }
        XCTAssertTrue((results(fixture)[2]["error"] as? String)?.hasPrefix("unknown command \"xxx") == true)
        // A value's big message is dropped too, and its warning is as short.
        try fixture.broker.publish("sensors/room", payloadOfLength: 100_000)
        XCTAssertTrue(kiosk.runLoop(limit: 5) { kiosk.log.contains("more than the 64 KiB a message may have") }, "\(kiosk.log.lines)")
        for line in kiosk.log.lines {
            XCTAssertLessThan(line.utf8.count, 600, String(line.prefix(200)))
        }
        withExtendedLifetime(fixture.control) {}
    }

    func testAFloodIsServedAtMost64MessagesATurn() throws {
        let fixture = try connected()
        let kiosk = fixture.kiosk
        try fixture.broker.publish("\(Self.prefix)/command/set/note", lines: (1...600).map(String.init))
        // Everything is in the daemon's socket (600 short messages fit its buffer).
        usleep(300_000)
        try kiosk.daemon.eventLoop.runOnce(timeoutMilliseconds: 1000)
        let first = Int(kiosk.daemon.values["note"] ?? "") ?? 0
        XCTAssertGreaterThan(first, 0)
        XCTAssertLessThanOrEqual(first, 64)
        XCTAssertTrue(kiosk.runLoop(limit: 10) { kiosk.daemon.values["note"] == "600" }, "\(kiosk.daemon.values)")
        withExtendedLifetime(fixture.control) {}
    }

    func testBigMessagesAreServedAtMost256KiBATurn() throws {
        let fixture = try connected()
        let kiosk = fixture.kiosk
        // 100 messages on a 20 KB topic: 2 MB, in the socket at once.
        try fixture.broker.publish("flood/" + String(repeating: "t", count: 20_000), lines: (1...100).map(String.init))
        usleep(300_000)
        try kiosk.daemon.eventLoop.runOnce(timeoutMilliseconds: 1000)
        let first = Int(kiosk.daemon.values["flood"] ?? "") ?? 0
        XCTAssertGreaterThan(first, 0)
        XCTAssertLessThanOrEqual(first, MqttClient.bytesPerTurn / 20_000 + 1)
        XCTAssertTrue(kiosk.runLoop(limit: 10) { kiosk.daemon.values["flood"] == "100" }, "\(kiosk.daemon.values)")
        withExtendedLifetime(fixture.control) {}
    }

    func testMqttReloadsShareSighupsLimitAndTheLastIsNeverLost() throws {
        let fixture = try connected()
        let kiosk = fixture.kiosk
        func reloads() -> Int { kiosk.notifier.notices.filter { $0 == .reloading }.count }
        try fixture.broker.publish("\(Self.prefix)/command/reload", lines: Array(repeating: "", count: 200))
        // Without time passing, one reload runs at most, whatever the number asked.
        _ = kiosk.runLoop(limit: 1.5) {
            kiosk.clock.fireDueTimers()
            return false
        }
        XCTAssertEqual(reloads(), 1)
        // A quarter of a second later, the requests that came meanwhile get one more.
        kiosk.clock.advance(to: kiosk.clock.now + KioskDaemon.minimumReloadInterval)
        _ = kiosk.runLoop(limit: 0.5) { false }
        let afterOneInterval = reloads()
        XCTAssertLessThanOrEqual(afterOneInterval, 2)
        // A reload asked later is still run, within one interval.
        try fixture.broker.publish("\(Self.prefix)/command/reload", "")
        kiosk.clock.advance(to: kiosk.clock.now + 10)
        XCTAssertTrue(kiosk.runLoop(limit: 5) {
            kiosk.clock.fireDueTimers()
            return reloads() == afterOneInterval + 1
        }, "\(reloads())")
        XCTAssertLessThanOrEqual(results(fixture).count, reloads(), "requests that share a reload share its answer")
        XCTAssertEqual(results(fixture).last?["ok"] as? Bool, true)
        withExtendedLifetime(fixture.control) {}
    }

    func testRejectedCommandsAndIgnoredValueMessagesAreRateLimited() throws {
        let fixture = try connected()
        let kiosk = fixture.kiosk
        try fixture.broker.publish("\(Self.prefix)/command/brightness", lines: Array(repeating: "bright", count: 300))
        try fixture.broker.publish("sensors/room", lines: Array(repeating: "not json", count: 300))
        XCTAssertTrue(kiosk.runLoop(limit: 10) { results(fixture).count >= 300 }, "\(results(fixture).count)")
        _ = kiosk.runLoop(limit: 0.5) { false }
        let commandLines = kiosk.log.lines.filter { $0.hasPrefix("MQTT command brightness") }
        let valueLines = kiosk.log.lines.filter { $0.hasPrefix("value \"room\"") }
        XCTAssertEqual(commandLines.count, kiosk.log.limiter.burst, "\(commandLines)")
        XCTAssertEqual(valueLines.count, kiosk.log.limiter.burst, "\(valueLines)")
        withExtendedLifetime(fixture.control) {}
    }
}
