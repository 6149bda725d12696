import Foundation
import Glibc
import KioskCompositor
import KioskEngine
import KioskProcessSupport
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
        // The socket can exist before the server accepts clients; a client that came too early
        // (SDL) would fall back to its offscreen driver.
        let deadline = Date().addingTimeInterval(10)
        while try run("xdotool", ["getdisplaygeometry"]).isEmpty, Date() < deadline { usleep(50_000) }
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

    /// Starts the built `swipe-kiosk` with `arguments` on this server, its output going to `log`.
    func launchSwipeKiosk(_ arguments: [String], log: URL) throws -> Process {
        let process = Process()
        process.executableURL = BuiltBinary.url
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        // Only this server: not the developer's Wayland session, nor a systemd listener.
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        environment.removeValue(forKey: "NOTIFY_SOCKET")
        process.environment = environment
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let output = try FileHandle(forWritingTo: log)
        process.standardOutput = output
        process.standardError = output
        try process.run()
        return process
    }

    /// A window's id and where it is on the screen.
    struct Window {
        var id: String
        var width: Int
        var height: Int
        var x: Int
        var y: Int
    }

    /// The first window whose title contains `title`, waiting up to 15 seconds for it to appear.
    func findWindow(titled title: String) throws -> Window? {
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            if let id = try run("xdotool", ["search", "--name", title]).split(separator: "\n").first {
                var values: [String: Int] = [:]
                for line in try run("xdotool", ["getwindowgeometry", "--shell", String(id)]).split(separator: "\n") {
                    let parts = line.split(separator: "=")
                    if parts.count == 2 { values[String(parts[0])] = Int(parts[1]) }
                }
                if let width = values["WIDTH"], let height = values["HEIGHT"], let x = values["X"], let y = values["Y"] {
                    return Window(id: String(id), width: width, height: height, x: x, y: y)
                }
            }
            usleep(100_000)
        }
        return nil
    }

    /// The window's pixels as ImageMagick's `import` captures them (written to `directory`).
    func screenshot(_ window: Window, into directory: URL) throws -> PixelBuffer? {
        let path = directory.appendingPathComponent("shot.png").path
        try? FileManager.default.removeItem(atPath: path)
        try run("import", ["-window", window.id, "PNG24:" + path])
        return try? ImageDecoder.decode(contentsOf: path)
    }

    /// Screenshots until `condition` holds or `seconds` pass; returns how long it took, or nil.
    func waitFor(_ window: Window, into directory: URL, within seconds: Double,
                 _ condition: (PixelBuffer) -> Bool) throws -> Double? {
        let start = Date()
        while Date().timeIntervalSince(start) < seconds {
            if let shot = try screenshot(window, into: directory), condition(shot) { return Date().timeIntervalSince(start) }
            usleep(30_000)
        }
        return nil
    }

    /// The colour (0xRRGGBB) at the middle of a screenshot.
    /// True when the centre and the middles of the left and right edges all have `colour`: a
    /// screen at rest, not one still sliding in.
    static func isFilled(_ shot: PixelBuffer, with colour: UInt32) -> Bool {
        let row = (shot.height / 2) * shot.rowLength
        return [2, shot.width / 2, shot.width - 3].allSatisfy { shot.pixels[row + $0] & 0x00FF_FFFF == colour }
    }

    static func centre(_ shot: PixelBuffer) -> UInt32 {
        shot.pixels[(shot.height / 2) * shot.rowLength + shot.width / 2] & 0x00FF_FFFF
    }

    /// Presses the left button in the window's right third, moves to its left third in ten steps, releases.
    func dragFromRightToLeftThird(of window: Window) throws {
        let y = window.y + window.height / 2
        let from = window.x + window.width * 5 / 6, to = window.x + window.width / 6
        try run("xdotool", ["mousemove", "\(from)", "\(y)", "mousedown", "1"])
        for step in 1...10 {
            try run("xdotool", ["mousemove", "\(from + (to - from) * step / 10)", "\(y)"])
            usleep(20_000)
        }
        try run("xdotool", ["mouseup", "1"])
    }
}
