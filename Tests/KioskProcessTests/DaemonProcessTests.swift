import Foundation
import Glibc
import KioskTestSupport
import KioskProcessSupport
import XCTest

/// The daemon as systemd runs it: the real binary, a NOTIFY_SOCKET to report on, signals to obey.
final class DaemonProcessTests: XCTestCase {
    private var directory: URL!
    private var listener: NotifySocketListener!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("daemon-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        listener = try NotifySocketListener()
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
        listener = nil
    }

    private static let config = """
        home = "second"
        [display]
        backend = "headless"
        size = "160x100"
        [camera]
        source = "none"
        [[screen]]
        name = "first"
        background = "#102030"
        [[screen]]
        name = "second"
        background = "#d01010"
        """


    /// Starts the daemon; its log goes to the returned file, which a pipe could not hold unread.
    private func start(config: String, watchdogMicroseconds: Int? = nil, arguments: [String] = []) throws -> (Process, URL, URL) {
        let configURL = directory.appendingPathComponent("kiosk.toml")
        try config.write(to: configURL, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = BuiltBinary.url
        process.arguments = ["run", "--config", configURL.path] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["NOTIFY_SOCKET"] = listener.path
        environment["WATCHDOG_USEC"] = watchdogMicroseconds.map(String.init)
        environment.removeValue(forKey: "WATCHDOG_PID")
        process.environment = environment
        let log = directory.appendingPathComponent("daemon.log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: log)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return (process, log, configURL)
    }

    /// Waits (at most `limit` seconds) until the daemon has sent a message containing `text`.
    private func waitForMessage(containing text: String, limit: Double = 10, into messages: inout [String]) -> Bool {
        let deadline = Date().addingTimeInterval(limit)
        while Date() < deadline {
            messages += listener.receive()
            if messages.contains(where: { $0.contains(text) }) { return true }
            usleep(10_000)
        }
        return false
    }

    private func stop(_ process: Process) -> Double {
        let sent = Date()
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        return Date().timeIntervalSince(sent)
    }

    /// The watchdog's timing (half the timeout, also while dark) is ServiceNotifierInProcessTests'
    /// on the manual clock; here, that the real binary reads WATCHDOG_USEC and pings at all.
    func testReportsReadyAfterTheFirstFrameAndStopsWithinASecondOfSigterm() throws {
        let (process, _, _) = try start(config: Self.config, watchdogMicroseconds: 400_000)
        var messages: [String] = []
        XCTAssertTrue(waitForMessage(containing: "READY=1", into: &messages), "no READY=1; got \(messages)")
        let ready = try XCTUnwrap(messages.first { $0.contains("READY=1") })
        XCTAssertTrue(ready.contains(#"STATUS=Screen "second" (2 of 2)"#), ready)
        XCTAssertTrue(waitForMessage(containing: "WATCHDOG=1", into: &messages), "no WATCHDOG=1; got \(messages)")

        let seconds = stop(process)
        XCTAssertLessThan(seconds, 1.0, "SIGTERM must stop the daemon within a second")
        XCTAssertEqual(process.terminationStatus, 0)
        messages += listener.receive()
        XCTAssertEqual(messages.last, "STOPPING=1\nSTATUS=Stopping")
    }

    /// An HTTP video source that accepts and never answers made SIGTERM take 2.5-3 s (issue 40):
    /// the background and a video element on it stop within a second all the same.
    func testSigtermEndsTheDaemonWithinASecondWhileAVideoSourceStalls() throws {
        let server = try StalledServer()
        let uri = "http://127.0.0.1:\(server.port)/clip.avi"
        let config = Self.config.replacingOccurrences(of: "source = \"none\"", with: "source = \"video\"\npath = \"\(uri)\"")
            + "\n[[screen.element]]\ntype = \"video\"\npath = \"\(uri)\"\nwidth = 40\nheight = 30\n"
        let (process, _, _) = try start(config: config)
        var messages: [String] = []
        XCTAssertTrue(waitForMessage(containing: "READY=1", into: &messages), "no READY=1; got \(messages)")
        // Both sources are waiting for their first picture now.
        XCTAssertTrue(server.waitForConnections(2, seconds: 5), "the sources never connected")
        let seconds = stop(process)
        XCTAssertLessThan(seconds, 1.0, "SIGTERM must stop the daemon within a second whatever a source does")
        XCTAssertEqual(process.terminationStatus, 0)
    }

    func testSighupAppliesAGoodConfigKeepingTheScreenAndRejectsABadOne() throws {
        let (process, logFile, configURL) = try start(config: Self.config)
        var messages: [String] = []
        XCTAssertTrue(waitForMessage(containing: "READY=1", into: &messages))

        // A good config: a screen added in front; "second" is still shown.
        try Self.config.replacingOccurrences(of: "[[screen]]\nname = \"first\"", with: "[[screen]]\nname = \"zero\"\n[[screen]]\nname = \"first\"")
            .write(to: configURL, atomically: true, encoding: .utf8)
        messages = []
        kill(process.processIdentifier, SIGHUP)
        XCTAssertTrue(waitForMessage(containing: "READY=1", into: &messages), "\(messages)")
        XCTAssertTrue(messages.first?.hasPrefix("RELOADING=1") ?? false, "\(messages)")
        XCTAssertTrue(messages.last?.contains(#"Screen "second" (3 of 3)"#) ?? false, "\(messages)")

        // A broken config: rejected, and the running one (3 screens) stays.
        try "[display]\nbackend = \"drmm\"\n".write(to: configURL, atomically: true, encoding: .utf8)
        messages = []
        kill(process.processIdentifier, SIGHUP)
        XCTAssertTrue(waitForMessage(containing: "READY=1", into: &messages), "\(messages)")
        XCTAssertTrue(messages.last?.contains(#"Screen "second" (3 of 3)"#) ?? false, "\(messages)")

        XCTAssertLessThan(stop(process), 1.0)
        let log = try String(contentsOf: logFile, encoding: .utf8)
        XCTAssertTrue(log.contains("reloaded \(configURL.path)"), log)
        XCTAssertTrue(log.contains("not applied; the running config stays"), log)
        XCTAssertTrue(log.contains("\(configURL.path):2:11:"), "the rejected file's errors name file, line and column:\n\(log)")
    }

    func testAfterASwipeAwayAnIdleKioskGoesBackToItsHomeScreen() throws {
        let config = Self.config.replacingOccurrences(of: "home = \"second\"", with: "home = \"first\"\n[idle]\nreturn-home-after = 1")
        let e2e = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../e2e").standardized
        let events = directory.appendingPathComponent("events.jsonl")
        let (process, _, _) = try start(config: config, arguments: [
            "--replay", e2e.appendingPathComponent("swipe-left.events").path,
            "--device", e2e.appendingPathComponent("touchscreen.desc").path,
            "--keep-running", "--events-log", events.path])
        var messages: [String] = []
        XCTAssertTrue(waitForMessage(containing: "Screen \"second\"", into: &messages), "the swipe went to the second screen: \(messages)")
        messages = []
        XCTAssertTrue(waitForMessage(containing: "Screen \"first\"", into: &messages), "idle: back home: \(messages)")
        XCTAssertLessThan(stop(process), 1.0)
        let lines = try String(contentsOf: events, encoding: .utf8).split(separator: "\n")
        let ended = lines.filter { $0.contains("transition-ended") }
        XCTAssertEqual(ended.count, 2, "\(lines)")
        XCTAssertTrue(ended.first?.contains(#""from":0,"to":1,"completed":true"#) ?? false, "\(ended)")
        let back = lines.filter { $0.contains("transition-began") }.last ?? ""
        XCTAssertTrue(back.contains(#""from":1,"to":0,"interactive":false"#), "the return home is a non-interactive transition: \(back)")
    }
}


/// A TCP server on 127.0.0.1 that takes connections and never answers: a stalled HTTP source.
final class StalledServer {
    let port: Int
    private let socket: Int32
    private var accepted: [Int32] = []

    init() throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.socket = socket
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(socket, 16) == 0 else { throw XCTSkip("cannot listen on 127.0.0.1") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit {
        accepted.forEach { close($0) }
        close(socket)
    }

    /// Accepts (and holds, unanswered) connections until `count` came or `seconds` passed.
    func waitForConnections(_ count: Int, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while accepted.count < count && Date() < deadline {
            var waiter = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            if poll(&waiter, 1, 100) > 0 {
                let client = accept(socket, nil, nil)
                if client >= 0 { accepted.append(client) }
            }
        }
        return accepted.count >= count
    }
}
