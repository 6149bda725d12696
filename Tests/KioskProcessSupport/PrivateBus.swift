import Foundation
import Glibc
import XCTest

/// A private dbus-daemon for one test, stopped when the value goes away.
package final class PrivateBus {
    package let address: String
    private let pid: pid_t

    /// A session-type bus, or one run with `configFile` (a system-bus-like policy).
    package init(configFile: String? = nil) throws {
        guard let daemon = Command.find("dbus-daemon") else {
            throw XCTSkip("dbus-daemon is missing: install Debian's dbus-daemon package (`make test-process` does)")
        }
        let mode = configFile.map { "--config-file=\($0)" } ?? "--session"
        let result = try Command.run(daemon, [mode, "--fork", "--print-address=1", "--print-pid=1"])
        let lines = result.output.split(separator: "\n").map(String.init)
        guard result.status == 0, lines.count >= 2, let pid = pid_t(lines[1]) else {
            throw XCTSkip("dbus-daemon did not start: \(result.error)")
        }
        address = lines[0]
        self.pid = pid
    }

    deinit {
        kill(pid, SIGTERM)
    }

    /// `busctl --address=… --json=short ARGS`, its output parsed as JSON (nil when empty).
    package func busctl(_ arguments: [String], asUser: [String] = []) throws -> (status: Int32, json: Any?, error: String) {
        guard let busctl = Command.find("busctl") else { throw XCTSkip("busctl is missing: install Debian's systemd package") }
        let result = try Command.run(asUser.first ?? busctl, (asUser.isEmpty ? [] : Array(asUser.dropFirst()) + [busctl])
                                     + ["--address=\(address)", "--json=short"] + arguments)
        let json = result.output.isEmpty ? nil : try? JSONSerialization.jsonObject(with: Data(result.output.utf8))
        return (result.status, json, result.error)
    }

    /// Calls a method of the kiosk's interface with busctl.
    package func call(_ member: String, _ signatureAndArguments: [String] = [], asUser: [String] = []) throws -> (status: Int32, json: Any?, error: String) {
        try busctl(["call", "org.swipekiosk.Kiosk1", "/org/swipekiosk/Kiosk1", "org.swipekiosk.Kiosk1", member]
                   + signatureAndArguments, asUser: asUser)
    }

    /// A property of the kiosk's interface, as busctl's JSON `data`.
    package func property(_ name: String, asUser: [String] = []) throws -> Any? {
        let reply = try busctl(["get-property", "org.swipekiosk.Kiosk1", "/org/swipekiosk/Kiosk1", "org.swipekiosk.Kiosk1", name],
                               asUser: asUser)
        return (reply.json as? [String: Any])?["data"]
    }
}

/// Runs a program to its end, collecting what it prints.
package enum Command {
    package static func find(_ name: String) -> String? {
        for directory in ["/usr/bin", "/usr/sbin", "/bin", "/sbin"] where access("\(directory)/\(name)", X_OK) == 0 {
            return "\(directory)/\(name)"
        }
        return nil
    }

    /// Runs `executable` with posix_spawn and waitpid: Foundation's Process waits until every
    /// descendant lets go of a descriptor it hands down, which a forking daemon never does.
    /// - Parameter input: what its stdin reads (else /dev/null).
    package static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:], input: String? = nil) throws
        -> (status: Int32, output: String, error: String) {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("command-\(UUID().uuidString.prefix(8))")
        let outputPath = scratch.path + ".out", errorPath = scratch.path + ".err", inputPath = scratch.path + ".in"
        defer {
            unlink(outputPath)
            unlink(errorPath)
            unlink(inputPath)
        }
        if let input { try input.write(toFile: inputPath, atomically: false, encoding: .utf8) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input == nil ? "/dev/null" : inputPath, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0)=\($1)" }
        var argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, &argv, &envp)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (exitStatus, (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "",
                (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "")
    }
}
