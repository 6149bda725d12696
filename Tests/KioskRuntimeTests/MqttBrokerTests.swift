import Foundation
import Glibc
@testable import KioskRuntime
import XCTest

/// The kiosk on a real Mosquitto broker started on 127.0.0.1, watched and driven with Debian's
/// mosquitto_sub and mosquitto_pub as a building's automation would: retained state, commands
/// through the control target with their results, the will when the daemon dies, a broker that goes.
final class MqttBrokerTests: XCTestCase {
    private var broker: MosquittoBroker!

    override func setUpWithError() throws {
        guard Command.find("mosquitto") != nil || access("/usr/sbin/mosquitto", X_OK) == 0,
              Command.find("mosquitto_sub") != nil, Command.find("mosquitto_pub") != nil else {
            throw XCTSkip("mosquitto and mosquitto-clients are missing (`make unit-test` installs them)")
        }
        broker = try MosquittoBroker()
    }

    override func tearDown() {
        broker = nil
    }

    private func config(extra: String = "") -> String {
        """
        [display]
        backend = "headless"
        [camera]
        source = "none"
        [control]
        bus = "none"
        [mqtt]
        broker = "mqtt://127.0.0.1:\(broker.port)"
        client-id = "kiosk-test"
        topic-prefix = "lobby/kiosk"
        keepalive = 5
        \(extra)
        [[value]]
        name = "temp"
        initial = "--"
        [[screen]]
        name = "first"
        [[screen]]
        name = "second"
        """
    }

    /// Messages `pattern` brings within `seconds` (retained ones first), as "topic payload" lines.
    private func receive(_ pattern: String, count: Int, seconds: Int = 5) throws -> [String] {
        let result = try Command.run(Command.find("mosquitto_sub")!, ["-h", "127.0.0.1", "-p", "\(broker.port)", "-t", pattern,
                                                                      "-v", "-C", "\(count)", "-W", "\(seconds)"])
        return result.output.split(separator: "\n").map(String.init)
    }

    private func send(_ topic: String, _ payload: String) throws {
        let result = try Command.run(Command.find("mosquitto_pub")!, ["-h", "127.0.0.1", "-p", "\(broker.port)", "-t", topic,
                                                                      "-m", payload])
        XCTAssertEqual(result.status, 0, result.error)
    }

    func testStateIsRetainedAndCommandsGoThroughTheControlTargetWithTheirResults() throws {
        let kiosk = try DaemonHarness(config: config())
        let control = KioskControl(daemon: kiosk.daemon, logger: kiosk.log.logger)
        let bridge = try XCTUnwrap(control.mqtt)
        XCTAssertTrue(kiosk.runLoop(limit: 5) { bridge.isConnected }, "\(kiosk.log.lines)")
        _ = kiosk.runLoop(limit: 0.3) { false }

        let state = try receive("lobby/kiosk/#", count: 7)
        XCTAssertEqual(Set(state), ["lobby/kiosk/availability online", "lobby/kiosk/state/screen first",
                                    #"lobby/kiosk/state/screens ["first","second"]"#, "lobby/kiosk/state/blanked false",
                                    "lobby/kiosk/state/transitioning false", "lobby/kiosk/state/brightness 1",
                                    "lobby/kiosk/value/temp --"])

        // A command arrives through the loop; its result and the new state go out.
        let listener = try MqttListener(port: broker.port, pattern: "lobby/kiosk/#")
        try send("lobby/kiosk/command/goto", #"{"screen": "second", "animated": false}"#)
        XCTAssertTrue(kiosk.runLoop(limit: 5) { kiosk.daemon.currentScreen == "second" })
        try send("lobby/kiosk/command/goto", "nowhere")
        try send("lobby/kiosk/command/set/temp", "21.5")
        XCTAssertTrue(kiosk.runLoop(limit: 5) { kiosk.daemon.values["temp"] == "21.5" })
        try send("lobby/kiosk/command/brightness", "2")
        _ = kiosk.runLoop(limit: 0.5) { false }
        let seen = listener.lines(waitingFor: 8)
        XCTAssertTrue(seen.contains(#"lobby/kiosk/result {"command":"goto","error":null,"ok":true}"#), "\(seen)")
        XCTAssertTrue(seen.contains(#"lobby/kiosk/event/screen-changed {"from":"first","to":"second"}"#), "\(seen)")
        XCTAssertTrue(seen.contains("lobby/kiosk/state/screen second"), "\(seen)")
        XCTAssertTrue(seen.contains { $0.hasPrefix(#"lobby/kiosk/result {"command":"goto","error":"no screen named \"nowhere\""#) },
                      "the error text is ctl's: \(seen)")
        XCTAssertTrue(seen.contains("lobby/kiosk/value/temp 21.5"), "\(seen)")
        XCTAssertTrue(seen.contains { $0.contains(#""command":"brightness","error":"brightness 2.0 is outside 0...1""#) }, "\(seen)")
    }

    func testABrokerThatGoesAwayIsReconnectedWithStateRepublishedAndTheLoopNeverWaits() throws {
        let kiosk = try DaemonHarness(config: config())
        let control = KioskControl(daemon: kiosk.daemon, logger: kiosk.log.logger)
        let bridge = try XCTUnwrap(control.mqtt)
        XCTAssertTrue(kiosk.runLoop(limit: 5) { bridge.isConnected })
        broker.stop()
        XCTAssertTrue(kiosk.runLoop(limit: 5) { !bridge.isConnected }, "the loss is noticed")
        // While it is down the kiosk goes on: a screen change, and each turn of the loop stays short.
        try kiosk.daemon.goTo("second", animated: false)
        for _ in 0..<5 {
            kiosk.clock.advance(to: kiosk.clock.now + 1)
            let started = Date()
            _ = try kiosk.daemon.eventLoop.runOnce(timeoutMilliseconds: 0)
            XCTAssertLessThan(Date().timeIntervalSince(started), 0.1, "a turn of the loop waited on the broker")
        }
        XCTAssertTrue(kiosk.log.contains("MQTT: mqtt://127.0.0.1:\(broker.port)"), "\(kiosk.log.lines)")
        try broker.start()
        for _ in 0..<40 where !bridge.isConnected {
            kiosk.clock.advance(to: kiosk.clock.now + 1)
            _ = kiosk.runLoop(limit: 0.2) { bridge.isConnected }
        }
        XCTAssertTrue(bridge.isConnected, "\(kiosk.log.lines)")
        _ = kiosk.runLoop(limit: 0.3) { false }
        XCTAssertEqual(try receive("lobby/kiosk/state/screen", count: 1), ["lobby/kiosk/state/screen second"],
                       "the state is published again to a broker that lost it")
        XCTAssertTrue(kiosk.log.contains("MQTT: mqtt://127.0.0.1:\(broker.port): connected again"), "\(kiosk.log.lines)")
    }

    func testTheWillSaysOfflineWhenTheDaemonIsKilledAndACleanStopSaysItToo() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mqtt-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let configPath = directory.appendingPathComponent("kiosk.toml").path
        try config().write(toFile: configPath, atomically: true, encoding: .utf8)

        var kiosk: KioskProcess? = try KioskProcess(configPath: configPath, environment: [:])
        XCTAssertEqual(try receive("lobby/kiosk/availability", count: 1, seconds: 20), ["lobby/kiosk/availability online"],
                       kiosk?.log ?? "")
        kill(kiosk!.pid, SIGKILL)
        XCTAssertTrue(KioskProcess.wait(limit: 10) {
            (try? self.receive("lobby/kiosk/availability", count: 1, seconds: 1)) == ["lobby/kiosk/availability offline"]
        }, "the broker published the will")
        kiosk = nil

        let again = try KioskProcess(configPath: configPath, environment: [:])
        XCTAssertTrue(KioskProcess.wait(limit: 20) {
            (try? self.receive("lobby/kiosk/availability", count: 1, seconds: 1)) == ["lobby/kiosk/availability online"]
        }, again.log)
        kill(again.pid, SIGTERM)
        XCTAssertTrue(KioskProcess.wait(limit: 10) {
            (try? self.receive("lobby/kiosk/availability", count: 1, seconds: 1)) == ["lobby/kiosk/availability offline"]
        }, "a clean stop says offline itself: \(again.log)")
    }

    func testAWrongPasswordIsLoggedClearlyAndTheKioskRunsOn() throws {
        try broker.restrict(user: "panel", password: "right")
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("mqtt-secret-\(UUID().uuidString.prefix(8))").path
        defer { unlink(secret) }
        try "wrong\n".write(toFile: secret, atomically: true, encoding: .utf8)
        let kiosk = try DaemonHarness(config: config(extra: "username = \"panel\"\npassword-file = \"\(secret)\""))
        let control = KioskControl(daemon: kiosk.daemon, logger: kiosk.log.logger)
        _ = try XCTUnwrap(control.mqtt)
        XCTAssertTrue(kiosk.runLoop(limit: 5) { kiosk.log.contains("refused the connection") }, "\(kiosk.log.lines)")
        XCTAssertTrue(kiosk.log.contains("check [mqtt] username and password-file"), "\(kiosk.log.lines)")
        try kiosk.daemon.goTo("second", animated: false)
        XCTAssertEqual(kiosk.daemon.currentScreen, "second", "the kiosk runs on")
    }
}

/// A Mosquitto broker on a free port of 127.0.0.1, for one test; stopped when released.
final class MosquittoBroker {
    let port: Int
    private let directory: URL
    private var pid: pid_t = 0

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("broker-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        port = Self.freePort()
        try writeConfig(extra: "allow_anonymous true\n")
        try start()
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }

    private var configPath: String { directory.appendingPathComponent("mosquitto.conf").path }

    private func writeConfig(extra: String) throws {
        try "listener \(port) 127.0.0.1\npersistence false\n\(extra)".write(toFile: configPath, atomically: true, encoding: .utf8)
    }

    /// Only `user` with `password` may connect from now on (the broker restarts).
    func restrict(user: String, password: String) throws {
        let passwords = directory.appendingPathComponent("passwords").path
        let made = try Command.run(Command.find("mosquitto_passwd")!, ["-b", "-c", passwords, user, password])
        XCTAssertEqual(made.status, 0, made.error)
        stop()
        try writeConfig(extra: "allow_anonymous false\npassword_file \(passwords)\n")
        try start()
    }

    func start() throws {
        let executable = access("/usr/sbin/mosquitto", X_OK) == 0 ? "/usr/sbin/mosquitto" : Command.find("mosquitto")!
        var argv: [UnsafeMutablePointer<CChar>?] = [strdup(executable), strdup("-c"), strdup(configPath), nil]
        defer { argv.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let log = directory.appendingPathComponent("broker.log").path
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, log, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        let spawned = posix_spawn(&pid, executable, &actions, nil, &argv, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        let deadline = Date().addingTimeInterval(10)
        while !Self.accepts(port: port) {
            guard Date() < deadline else { throw POSIXError(.ETIMEDOUT) }
            usleep(20_000)
        }
    }

    func stop() {
        guard pid > 0 else { return }
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        pid = 0
    }

    private static func accepts(port: Int) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    /// A port nothing listens on now, from the kernel's ephemeral range.
    private static func freePort() -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// mosquitto_sub in the background, collecting what arrives on `pattern` while a test runs.
final class MqttListener {
    private let output: String
    private var pid: pid_t = 0

    init(port: Int, pattern: String) throws {
        output = FileManager.default.temporaryDirectory.appendingPathComponent("sub-\(UUID().uuidString.prefix(8))").path
        let executable = Command.find("mosquitto_sub")!
        let arguments = [executable, "-h", "127.0.0.1", "-p", "\(port)", "-t", pattern, "-v", "-R"]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let spawned = posix_spawn(&pid, executable, &actions, nil, &argv, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        // Listening once a probe of its own comes back.
        let probe = pattern.replacingOccurrences(of: "#", with: "listener-probe")
        let listening = KioskProcess.wait(limit: 10) {
            _ = try? Command.run(Command.find("mosquitto_pub")!, ["-h", "127.0.0.1", "-p", "\(port)", "-t", probe, "-m", "probe"])
            return self.received.contains { $0.hasPrefix(probe) }
        }
        if !listening { throw POSIXError(.ETIMEDOUT) }
    }

    private var received: [String] {
        ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    deinit {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        unlink(output)
    }

    /// What arrived but the probes, waiting up to 5 s for at least `count` lines.
    func lines(waitingFor count: Int) -> [String] {
        var lines: [String] = []
        _ = KioskProcess.wait(limit: 5) {
            lines = received.filter { !$0.contains("listener-probe") }
            return lines.count >= count
        }
        return lines
    }
}
