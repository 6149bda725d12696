import Foundation
import Glibc
import KioskProcessSupport
import KioskTouch
import XCTest

/// The real binary on recordings a faulty panel or a damaged file can produce: a time of 1e19 s
/// once killed `run --replay` with SIGILL, and a protocol-A flood cost gigabytes. Now the first is
/// refused at its file and line, and the second replays with one warning and the swipe still works.
final class HostileRecordingProcessTests: XCTestCase {
    private typealias C = EvdevCode
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-replay-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try """
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
            """.write(to: directory.appendingPathComponent("kiosk.toml"), atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// A protocol-A panel (positions, SYN_MT_REPORT; no slots, no tracking ids).
    private let panel: InputDeviceDescription = {
        let axes: [UInt16: AbsoluteAxis] = [
            C.ABS_MT_POSITION_X: AbsoluteAxis(code: C.ABS_MT_POSITION_X, minimum: 0, maximum: 1279),
            C.ABS_MT_POSITION_Y: AbsoluteAxis(code: C.ABS_MT_POSITION_Y, minimum: 0, maximum: 799),
        ]
        return InputDeviceDescription(name: "Flooding Panel", properties: [C.INPUT_PROP_DIRECT],
                                      eventCodes: [C.EV_SYN: [], C.EV_ABS: Set(axes.keys)], absoluteAxes: axes)
    }()

    private func frame(_ time: Double, _ contacts: [(x: Int32, y: Int32)]) -> [RawInputEvent] {
        contacts.flatMap { contact in
            [RawInputEvent(time: time, type: C.EV_ABS, code: C.ABS_MT_POSITION_X, value: contact.x),
             RawInputEvent(time: time, type: C.EV_ABS, code: C.ABS_MT_POSITION_Y, value: contact.y),
             RawInputEvent(time: time, type: C.EV_SYN, code: C.SYN_MT_REPORT, value: 0)]
        } + [RawInputEvent(time: time, type: C.EV_SYN, code: C.SYN_REPORT, value: 0)]
    }

    /// A leftward one-finger flick across the middle, starting at `start` seconds.
    private func flick(at start: Double) -> [RawInputEvent] {
        var events: [RawInputEvent] = []
        for step in 0...15 {
            let x = Int32(1024 - step * 51)
            events += frame(start + Double(step) / 100, [(x: x, y: 400)])
        }
        return events + frame(start + 0.16, [])
    }

    private func write(_ events: [RawInputEvent], to name: String) throws -> URL {
        let file = directory.appendingPathComponent(name)
        try (EvemuWriter.header(for: panel) + events.map(EvemuWriter.line(for:)).joined())
            .write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// Runs the binary to its end (at most `limit` seconds, then SIGKILL); returns how it ended and its stderr.
    private func run(_ arguments: [String], limit: Double = 20) throws -> (reason: Process.TerminationReason, status: Int32, log: String) {
        let process = Process()
        process.executableURL = BuiltBinary.url
        process.arguments = arguments
        let log = directory.appendingPathComponent("stderr-\(UUID().uuidString.prefix(8)).log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: log)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        _ = KioskProcess.wait(limit: limit) { !process.isRunning }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return (process.terminationReason, process.terminationStatus, try String(contentsOf: log, encoding: .utf8))
    }

    func testATimeOf1e19IsRefusedAtItsLineByRunReplayAndSimulate() throws {
        let events = flick(at: 100) + frame(1e19, [(500, 400)])
        let file = try write(events, to: "huge.events")
        let text = try String(contentsOf: file, encoding: .utf8)
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("E: 10000000000000000000") }
        let expected = "\(file.path):\(try XCTUnwrap(line) + 1): E: timestamp 10000000000000000000.000000 is 1e+19 s after the first event's"
        let config = directory.appendingPathComponent("kiosk.toml").path
        for arguments in [["run", "--config", config, "--replay", file.path], ["simulate", "--config", config, "--replay", file.path]] {
            let result = try run(arguments)
            XCTAssertEqual(result.reason, .exit, "\(arguments[0]) ended by a signal: \(result.log)")
            XCTAssertNotEqual(result.status, 0, arguments[0])
            XCTAssertTrue(result.log.contains(expected), "\(arguments[0]):\n\(result.log)")
        }
    }

    func testAProtocolAFloodReplaysWithOneWarningAndTheSwipeStillWorks() throws {
        var events: [RawInputEvent] = []
        for time in [100.0, 100.01] {
            events += frame(time, (0..<10_000).map { (Int32($0 % 1280), 799) })
        }
        events += frame(100.3, []) + flick(at: 100.5)
        let file = try write(events, to: "flood.events")
        let eventsLog = directory.appendingPathComponent("events.jsonl")
        let result = try run(["run", "--config", directory.appendingPathComponent("kiosk.toml").path,
                              "--replay", file.path, "--events-log", eventsLog.path])
        XCTAssertEqual(result.reason, .exit, result.log)
        XCTAssertEqual(result.status, 0, result.log)
        let warning = "touch device 'Flooding Panel' sent 10000 contacts in one frame, more than the 16 it is read with"
        XCTAssertEqual(result.log.components(separatedBy: warning).count - 1, 1, result.log)
        XCTAssertTrue(result.log.contains("\(file.path): \(warning)"), result.log)
        let lines = try String(contentsOf: eventsLog, encoding: .utf8).split(separator: "\n")
        XCTAssertTrue(lines.contains { $0.contains("transition-ended") && $0.contains(#""from":0,"to":1,"completed":true"#) },
                      lines.filter { $0.contains("transition") }.joined(separator: "\n"))
    }
}
