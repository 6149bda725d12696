import Foundation
import XCTest

/// A real Mosquitto broker on 127.0.0.1 and a free port, for the test's lifetime; the test skips
/// (with the reason) when mosquitto cannot be started.
package final class MosquittoBroker {
    package let port: Int
    private let directory: URL
    private var pid: pid_t = 0

    /// - Parameter port: nil: a free one; a port given again starts "the same" broker anew.
    /// - Parameter anonymous: false: only the users of a `password_file` in `extraConfig`.
    package init(port: Int? = nil, extraConfig: String = "", anonymous: Bool = true) throws {
        guard let mosquitto = Command.find("mosquitto") else {
            throw XCTSkip("mosquitto is missing: install Debian's mosquitto and mosquitto-clients (`make test-process` does)")
        }
        guard Command.find("mosquitto_sub") != nil else { throw XCTSkip("mosquitto_sub is missing: install mosquitto-clients") }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("broker-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        self.port = try port ?? Self.freePort()
        let config = "listener \(self.port) 127.0.0.1\n" + (anonymous ? "allow_anonymous true\n" : "") + "persistence false\n\(extraConfig)"
        try config.write(to: directory.appendingPathComponent("mosquitto.conf"), atomically: true, encoding: .utf8)
        pid = try Self.spawn(mosquitto, ["-c", directory.appendingPathComponent("mosquitto.conf").path],
                             output: directory.appendingPathComponent("broker.log").path)
        guard waitForPort(deadline: 5) else {
            let log = (try? String(contentsOf: directory.appendingPathComponent("broker.log"), encoding: .utf8)) ?? ""
            throw XCTSkip("mosquitto did not start: \(log)")
        }
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Stops the broker (SIGTERM) and waits for it.
    package func stop() {
        guard pid > 0 else { return }
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        pid = 0
    }

    /// Publishes with mosquitto_pub and waits for it to finish.
    /// - Parameter user: a user and password to connect as (else anonymous).
    package func publish(_ topic: String, _ payload: String, retain: Bool = false, user: (String, String)? = nil) throws {
        let login = user.map { ["-u", $0.0, "-P", $0.1] } ?? []
        let result = try Command.run(Command.find("mosquitto_pub")!, ["-h", "127.0.0.1", "-p", "\(port)", "-q", "1", "-t", topic,
                                                                       "-m", payload] + (retain ? ["-r"] : []) + login)
        XCTAssertEqual(result.status, 0, result.error)
    }

    /// Publishes each of `lines` as one message on `topic` (mosquitto_pub -l), as fast as the broker takes them.
    package func publish(_ topic: String, lines: [String]) throws {
        let result = try Command.run(Command.find("mosquitto_pub")!, ["-h", "127.0.0.1", "-p", "\(port)", "-q", "0", "-t", topic, "-l"],
                                     input: lines.joined(separator: "\n") + "\n")
        XCTAssertEqual(result.status, 0, result.error)
    }

    /// Publishes `payload` read from a file (mosquitto_pub -f), for one too long for an argument.
    /// - Parameter refused: the broker is expected to drop the connection (its `max_packet_size`).
    package func publish(_ topic: String, payloadOfLength length: Int, byte: UInt8 = UInt8(ascii: "7"), user: (String, String)? = nil,
                         refused: Bool = false) throws {
        let path = directory.appendingPathComponent("payload-\(UUID().uuidString.prefix(8))").path
        defer { unlink(path) }
        try Data(repeating: byte, count: length).write(to: URL(fileURLWithPath: path))
        let login = user.map { ["-u", $0.0, "-P", $0.1] } ?? []
        let result = try Command.run(Command.find("mosquitto_pub")!, ["-h", "127.0.0.1", "-p", "\(port)", "-q", "1", "-t", topic, "-f", path] + login)
        if refused {
            XCTAssertNotEqual(result.status, 0, "the broker took a packet of \(length) bytes")
        } else {
            XCTAssertEqual(result.status, 0, result.error)
        }
    }

    /// A mosquitto_sub running in the background on `topic`, printing `topic payload` lines.
    package func subscribe(_ topic: String) throws -> Subscription {
        try Subscription(port: port, topic: topic, directory: directory)
    }

    private func waitForPort(deadline seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            close(fd)
            if connected == 0 { return true }
            usleep(20_000)
        }
        return false
    }

    package static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, size) } }
        var bytes = [UInt8](repeating: 0, count: Int(size))
        var length = size
        let named = bytes.withUnsafeMutableBytes { getsockname(fd, $0.baseAddress!.assumingMemoryBound(to: sockaddr.self), &length) }
        let port = Int(bytes[2]) << 8 | Int(bytes[3])
        guard bound == 0, named == 0, port > 0 else { throw XCTSkip("no free port on 127.0.0.1 (errno \(errno))") }
        return port
    }

    package static func spawn(_ executable: String, _ arguments: [String], output: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, &argv, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        return pid
    }

    /// What a background mosquitto_sub has printed so far.
    package final class Subscription {
        private let pid: pid_t
        private let path: String

        package init(port: Int, topic: String, directory: URL) throws {
            path = directory.appendingPathComponent("sub-\(UUID().uuidString.prefix(8)).txt").path
            pid = try MosquittoBroker.spawn(Command.find("mosquitto_sub")!, ["-h", "127.0.0.1", "-p", "\(port)", "-q", "1", "-v",
                                                                             "-t", topic], output: path)
        }

        deinit {
            kill(pid, SIGTERM)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }

        /// Every `topic payload` line so far.
        package var lines: [String] {
            ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }

        /// The newest payload on `topic`, if any.
        package func last(_ topic: String) -> String? {
            lines.last { $0.hasPrefix(topic + " ") }.map { String($0.dropFirst(topic.count + 1)) }
        }
    }
}

extension MosquittoBroker {
    /// `object` as the JSON text it came as (sorted keys), to measure it.
    package static func jsonText(_ object: Any) -> String {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}
