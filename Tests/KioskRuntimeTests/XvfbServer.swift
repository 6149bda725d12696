import Foundation
import Glibc
import XCTest

/// A private X server (Xvfb) for tests of desktop windows, with xdotool and ImageMagick's `import`
/// to drive and photograph them.
final class XvfbServer {
    let display: String
    private let process: Process

    /// Starts `Xvfb :N -screen 0 1280x1024x24 -nolisten tcp` on a free display number; skips the
    /// test when no X server can start here.
    init() throws {
        guard let xvfb = Self.find("Xvfb") else {
            throw XCTSkip("no X server can start: Xvfb is not installed (`make test` installs the xvfb package)")
        }
        var started: (Process, String)?
        for number in (0..<20).map({ 90 + (Int(getpid()) % 400) + $0 * 7 }) {
            guard !FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock") else { continue }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: xvfb)
            process.arguments = [":\(number)", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let socket = "/tmp/.X11-unix/X\(number)"
            let deadline = Date().addingTimeInterval(5)
            while process.isRunning, !FileManager.default.fileExists(atPath: socket), Date() < deadline {
                usleep(20_000)
            }
            if process.isRunning, FileManager.default.fileExists(atPath: socket) {
                started = (process, ":\(number)")
                break
            }
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
        guard let (process, display) = started else {
            throw XCTSkip("no X server can start: Xvfb exited on every display number tried")
        }
        self.process = process
        self.display = display
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
    }

    /// The full path of `tool` on PATH, or nil.
    static func find(_ tool: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `tool` against this server; returns its standard output, empty when it failed (xdotool
    /// search finding nothing, say). A missing tool fails the test.
    @discardableResult
    func run(_ tool: String, _ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        guard let executable = Self.find(tool) else {
            XCTFail("\(tool) is not installed (`make test` installs xdotool and imagemagick)", file: file, line: line)
            throw XCTSkip("\(tool) missing")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : ""
    }
}
