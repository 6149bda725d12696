import Foundation
import KioskEngine
@testable import KioskRuntime
import KioskTestSupport
import XCTest

/// `source = "command"` values on the whole daemon in-process: the daemon starts real programs
/// and the tests wait (with deadlines) for their exits, so they are the process kind; the rest of
/// the values are ValuesInProcessTests'.
final class ValueCommandsProcessTests: XCTestCase {
    private static func config(values: String, text: String) -> String {
        DaemonHarness.textScreenConfig(values: values, text: text)
    }

    private func texts(_ kiosk: DaemonHarness) -> [String] { kiosk.texts }

    func testACommandSourceShowsItsFirstLine() throws {
        let kiosk = try DaemonHarness(config: Self.config(
            values: "[[value]]\nname = \"load\"\nsource = \"command\"\ncommand = [\"/bin/echo\", \"0.42\"]", text: "{load}"))
        kiosk.clock.fireDueTimers()
        XCTAssertTrue(kiosk.runLoop { self.texts(kiosk) == ["0.42"] }, "\(texts(kiosk))")
    }

    func testAFailingCommandIsLoggedOncePerErrorAndKeepsTheLastGoodText() throws {
        let marks = FileManager.default.temporaryDirectory.appendingPathComponent("runs-\(UUID().uuidString.prefix(8))").path
        defer { unlink(marks) }
        let kiosk = try DaemonHarness(config: Self.config(values: """
            [[value]]
            name = "load"
            source = "command"
            initial = "--"
            command = ["/bin/sh", "-c", "echo run >> \(marks); echo sensor offline >&2; exit 2"]
            interval = 1
            """, text: "{load}"))
        for run in 1...3 {
            kiosk.clock.advance(to: kiosk.clock.now + 1)
            XCTAssertTrue(kiosk.runLoop {
                ((try? String(contentsOfFile: marks, encoding: .utf8)) ?? "").split(separator: "\n").count == run
                    && kiosk.daemon.valueSources.store.value("load") == "--"
            }, "run \(run)")
            // Its exit and stderr come through the loop.
            _ = kiosk.runLoop(limit: 0.2) { false }
        }
        XCTAssertEqual(kiosk.log.lines.filter { $0.contains("exit status 2: sensor offline") }.count, 1, "\(kiosk.log.lines)")
        XCTAssertEqual(texts(kiosk), ["--"])
    }

    func testACommandThatHangsIsKilledAtItsTimeoutWhileTheLoopKeepsItsVsyncs() throws {
        let kiosk = try DaemonHarness(config: Self.config(values: """
            [[value]]
            name = "slow"
            source = "command"
            initial = "--"
            command = ["/bin/sleep", "60"]
            timeout = 2
            interval = 100
            [[value]]
            name = "now"
            source = "clock"
            format = "%S"
            """, text: "{slow} {now}"))
        kiosk.settle()
        let start = kiosk.display.presentedFrameCount
        // Three and a half seconds of vsyncs with the loop turned after each, as `run` turns it.
        var slowest = 0.0
        for _ in 0..<210 {
            let began = Date()
            kiosk.frame()
            try kiosk.daemon.eventLoop.runOnce(timeoutMilliseconds: 0)
            slowest = max(slowest, Date().timeIntervalSince(began))
        }
        XCTAssertLessThan(slowest, 0.25, "no vsync waited on the command")
        XCTAssertEqual(kiosk.display.presentedFrameCount - start, 3, "the clock kept drawing each second meanwhile")
        XCTAssertTrue(kiosk.runLoop { kiosk.log.lines.contains { $0.contains("killed after its timeout of 2.0 s") } },
                      "the hang was killed: \(kiosk.log.lines)")
        XCTAssertTrue(texts(kiosk)[0].hasPrefix("-- "), "a failed run keeps the last good text")
        XCTAssertEqual(kiosk.log.lines.filter { $0.contains("killed after its timeout") }.count, 1)
    }
}
