import Foundation
@testable import KioskRuntime
import KioskProcessSupport
import KioskTestSupport
import XCTest

/// The README's Mosquitto ACL, run on a real broker: another user's command is dropped by the
/// broker, Home Assistant's runs, and the panel connects, subscribes and publishes as it allows.
final class MqttAclProcessTests: XCTestCase {
    /// The fenced block of README.md that starts with `first` (the ACL file, the broker's settings).
    private func readmeBlock(startingWith first: String) throws -> String {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let start = try XCTUnwrap(text.range(of: "```text\n" + first), "README.md has the example starting \(first)")
        let end = try XCTUnwrap(text.range(of: "```", range: start.upperBound..<text.endIndex))
        return String(text[text.index(start.lowerBound, offsetBy: "```text\n".count)..<end.lowerBound])
    }

    func testAnotherUsersCommandIsDroppedAndHomeAssistantsRuns() throws {
        guard let passwd = Command.find("mosquitto_passwd") else { throw XCTSkip("mosquitto_passwd is missing") }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("acl-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let users = scratch.appendingPathComponent("passwd").path, acl = scratch.appendingPathComponent("swipe-kiosk.acl").path
        for (index, user) in ["hall-panel", "homeassistant", "intruder"].enumerated() {
            XCTAssertEqual(try Command.run(passwd, (index == 0 ? ["-c"] : []) + ["-b", users, user, "\(user)-pw"]).status, 0)
        }
        try readmeBlock(startingWith: "# The panel:").write(toFile: acl, atomically: true, encoding: .utf8)
        let settings = try readmeBlock(startingWith: "allow_anonymous false")
            .replacingOccurrences(of: "/etc/mosquitto/passwd", with: users)
            .replacingOccurrences(of: "/etc/mosquitto/swipe-kiosk.acl", with: acl)
        let broker = try MosquittoBroker(extraConfig: settings, anonymous: false)
        let password = scratch.appendingPathComponent("mqtt-password").path
        try "hall-panel-pw\n".write(toFile: password, atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(password, 0o600), 0)
        let kiosk = try DaemonHarness(config: """
            [display]
            backend = "headless"
            size = "320x200"
            [camera]
            source = "none"
            [control]
            bus = "none"
            [mqtt]
            broker = "mqtt://127.0.0.1:\(broker.port)"
            client-id = "hall-panel"
            username = "hall-panel"
            password-file = "\(password)"
            homeassistant = true
            [[screen]]
            name = "home"
            [[screen]]
            name = "work"
            [[screen]]
            name = "third"
            """)
        kiosk.settle()
        let control = KioskControl(daemon: kiosk.daemon, logger: kiosk.log.logger)
        XCTAssertTrue(kiosk.runLoop(limit: 5) { kiosk.log.contains("MQTT: connected") }, "\(kiosk.log.lines)")
        // The subscription is in place once a command of the panel's own user would run; give it a moment.
        _ = kiosk.runLoop(limit: 0.5) { false }
        let goto = "swipe-kiosk/hall-panel/command/goto"
        try broker.publish(goto, "{\"screen\": \"work\", \"animated\": false}", user: ("intruder", "intruder-pw"))
        _ = kiosk.runLoop(limit: 1) { kiosk.daemon.currentScreen != "home" }
        XCTAssertEqual(kiosk.daemon.currentScreen, "home", "the broker let another user command the panel")
        try broker.publish(goto, "{\"screen\": \"third\", \"animated\": false}", user: ("homeassistant", "homeassistant-pw"))
        XCTAssertTrue(kiosk.runLoop(limit: 5) { kiosk.daemon.currentScreen == "third" }, "\(kiosk.log.lines)")
        // max_packet_size: a megabyte never reaches the panel; a command after it does.
        try broker.publish(goto, payloadOfLength: 1_000_000, user: ("homeassistant", "homeassistant-pw"), refused: true)
        try broker.publish(goto, "{\"screen\": \"home\", \"animated\": false}", user: ("homeassistant", "homeassistant-pw"))
        XCTAssertTrue(kiosk.runLoop(limit: 5) { kiosk.daemon.currentScreen == "home" }, "\(kiosk.log.lines)")
        _ = kiosk.runLoop(limit: 0.3) { false }
        XCTAssertFalse(kiosk.log.contains("1000000 bytes"), "\(kiosk.log.lines)")
        withExtendedLifetime(control) {}
    }
}
