import Foundation
import KioskEngine
@testable import KioskRuntime
import KioskTestSupport
import XCTest

/// `action = "exec"` buttons on the whole daemon in-process: the daemon runs real commands, so
/// these are the process kind; the other buttons are ButtonsInProcessTests'.
final class ButtonCommandsProcessTests: XCTestCase {
    private final class Runs: KioskDaemonObserver {
        var finished: [(button: String, status: Int32)] = []
        func actionFinished(screen: String, button: String, status: Int32) { finished.append((button, status)) }
    }

    private let centre = Point(x: 160, y: 100)
    private var presses = Runs()

    private func kiosk(_ button: String) throws -> DaemonHarness {
        let kiosk = try DaemonHarness(config: DaemonHarness.buttonScreenConfig(button: button))
        kiosk.daemon.addObserver(presses)
        kiosk.settle()
        return kiosk
    }

    func testAnExecButtonRunsItsCommandOncePerTapAndReportsItsStatus() throws {
        let marks = FileManager.default.temporaryDirectory.appendingPathComponent("presses-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: marks) }
        let kiosk = try kiosk("""
            name = "door"
            action = "exec"
            command = ["/bin/sh", "-c", "echo run >> \(marks.path); exit 3"]
            """)
        try kiosk.press(at: centre)
        XCTAssertTrue(kiosk.runLoop { presses.finished.count == 1 })
        try kiosk.press(at: centre, id: 2)
        XCTAssertTrue(kiosk.runLoop { presses.finished.count == 2 })
        XCTAssertEqual(try String(contentsOf: marks, encoding: .utf8), "run\nrun\n")
        XCTAssertEqual(presses.finished.map(\.status), [3, 3])
        XCTAssertEqual(presses.finished.map(\.button), ["door", "door"])
    }

    func testAPressWhileTheCommandRunsIsIgnored() throws {
        let kiosk = try kiosk("name = \"door\"\naction = \"exec\"\ncommand = [\"/bin/sleep\", \"0.3\"]")
        try kiosk.press(at: centre)
        try kiosk.press(at: centre, id: 2)
        XCTAssertTrue(kiosk.log.contains("still runs: ignored"), "\(kiosk.log.lines)")
        XCTAssertTrue(kiosk.runLoop { presses.finished.count == 1 })
        XCTAssertEqual(presses.finished.first?.status, 0)
    }
}
