import Foundation
import KioskProcessSupport
import XCTest

/// The built `swipe-kiosk run` against a real Mosquitto broker: what the broker tells the rest of
/// the building when the kiosk dies, and what the kiosk says when the broker turns it away.
final class MqttProcessTests: XCTestCase {
    private func writeConfig(port: Int, extra: String = "") throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mqtt-run-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("kiosk.toml").path
        try """
        [display]
        backend = "headless"
        size = "160x100"
        [camera]
        source = "none"
        [control]
        bus = "none"
        [mqtt]
        broker = "mqtt://127.0.0.1:\(port)"
        client-id = "process-kiosk"
        topic-prefix = "kiosk/p"
        keepalive = 5
        \(extra)
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testAKilledKioskIsShownOfflineByItsWill() throws {
        let broker = try MosquittoBroker()
        let availability = try broker.subscribe("kiosk/p/availability")
        let kiosk = try KioskProcess(configPath: try writeConfig(port: broker.port), environment: [:])
        XCTAssertTrue(KioskProcess.wait { availability.last("kiosk/p/availability") == "online" }, kiosk.log)
        kill(kiosk.pid, SIGKILL)
        XCTAssertTrue(KioskProcess.wait { availability.last("kiosk/p/availability") == "offline" }, "\(availability.lines)")
        // Retained: a dashboard that starts later sees the panel offline too.
        let late = try broker.subscribe("kiosk/p/availability")
        XCTAssertTrue(KioskProcess.wait(limit: 5) { late.last("kiosk/p/availability") == "offline" }, "\(late.lines)")
    }

    func testAWrongPasswordIsLoggedClearlyAndTheKioskRunsOn() throws {
        guard let passwd = Command.find("mosquitto_passwd") else { throw XCTSkip("mosquitto_passwd is missing: install mosquitto") }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("mqtt-auth-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let passwords = scratch.appendingPathComponent("passwords").path
        XCTAssertEqual(try Command.run(passwd, ["-b", "-c", passwords, "panel", "right-one"]).status, 0)
        let broker = try MosquittoBroker(extraConfig: "password_file \(passwords)\n")
        // From systemd's credentials, as the shipped unit's LoadCredential= comment gives it.
        let credentials = scratch.appendingPathComponent("credentials")
        try FileManager.default.createDirectory(at: credentials, withIntermediateDirectories: true)
        let wrong = credentials.appendingPathComponent("mqtt-password").path
        try "wrong-one\n".write(toFile: wrong, atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(wrong, 0o600), 0)
        let kiosk = try KioskProcess(configPath: try writeConfig(port: broker.port, extra: "username = \"panel\"\n"
                                                                 + "password-file = \"$CREDENTIALS_DIRECTORY/mqtt-password\""),
                                     environment: ["CREDENTIALS_DIRECTORY": credentials.path])
        XCTAssertTrue(KioskProcess.wait { kiosk.log.contains("refused the connection") }, kiosk.log)
        XCTAssertTrue(kiosk.log.contains("check [mqtt] username and password-file"), kiosk.log)
        XCTAssertFalse(kiosk.log.contains("wrong-one"), "the password must never reach the log")
        XCTAssertTrue(kiosk.isRunning, kiosk.log)
    }
}
