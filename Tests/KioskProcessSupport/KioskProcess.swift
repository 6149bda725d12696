import Foundation
import Glibc
import XCTest

/// The built `swipe-kiosk run` as a child process with its log in a file, stopped by SIGTERM.
package final class KioskProcess {
    package let logPath: String
    private let process = Process()

    /// The `swipe-kiosk` binary `swift test` built beside the test bundle.
    package static var binary: String {
        URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("swipe-kiosk").path
    }

    /// - Parameter prefix: a command that runs the kiosk, e.g. setpriv to change its user.
    /// - Parameter arguments: more options for `run`, e.g. a replay.
    package init(configPath: String, environment: [String: String], prefix: [String] = [], arguments: [String] = []) throws {
        logPath = URL(fileURLWithPath: configPath).deletingLastPathComponent().appendingPathComponent("daemon.log").path
        let command = prefix + [Self.binary, "run", "--display", "headless", "--config", configPath] + arguments
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        FileManager.default.createFile(atPath: logPath, contents: nil)
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        process.standardOutput = FileHandle.nullDevice
        try process.run()
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
        }
    }

    /// The child's process id, for a test that kills it as a crash would.
    package var pid: pid_t { process.processIdentifier }
    package var isRunning: Bool { process.isRunning }

    /// Sends SIGTERM and waits for the exit; returns the exit status.
    @discardableResult
    package func stop() -> Int32 {
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        return process.terminationStatus
    }

    package var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// Polls `condition` every 20 ms for at most `limit` seconds.
    package static func wait(limit: Double = 10, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(limit)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return false
    }
}
