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

    private static func config(button: String) -> String {
        """
        [display]
        backend = "headless"
        size = "320x200"
        [camera]
        source = "none"
        [[screen]]
        name = "home"
        background = "#102030"
          [[screen.element]]
          type = "button"
          title = "Press"
          x = 60
          y = 60
          width = 200
          height = 80
          color = "#0080ff"
          \(button)
        """
    }

    private let centre = Point(x: 160, y: 100)
    private var presses = Runs()

    private func kiosk(_ button: String) throws -> DaemonHarness {
        let kiosk = try DaemonHarness(config: Self.config(button: button))
        kiosk.daemon.addObserver(presses)
        kiosk.settle()
        return kiosk
    }

    /// A tap on `point`, then lifted where it landed.
    private func press(_ kiosk: DaemonHarness, at point: Point, id: Int = 1) throws {
        try kiosk.send([TouchEvent(id: id, phase: .began, location: point, time: kiosk.clock.now)])
        kiosk.clock.advance(to: kiosk.clock.now + 0.05)
        try kiosk.send([TouchEvent(id: id, phase: .ended, location: point, time: kiosk.clock.now)])
        kiosk.settle()
    }

    func testAnExecButtonRunsItsCommandOncePerTapAndReportsItsStatus() throws {
        let marks = FileManager.default.temporaryDirectory.appendingPathComponent("presses-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: marks) }
        let kiosk = try kiosk("""
            name = "door"
            action = "exec"
            command = ["/bin/sh", "-c", "echo run >> \(marks.path); exit 3"]
            """)
        try press(kiosk, at: centre)
        XCTAssertTrue(kiosk.runLoop { presses.finished.count == 1 })
        try press(kiosk, at: centre, id: 2)
        XCTAssertTrue(kiosk.runLoop { presses.finished.count == 2 })
        XCTAssertEqual(try String(contentsOf: marks, encoding: .utf8), "run\nrun\n")
        XCTAssertEqual(presses.finished.map(\.status), [3, 3])
        XCTAssertEqual(presses.finished.map(\.button), ["door", "door"])
    }

    func testAPressWhileTheCommandRunsIsIgnored() throws {
        let kiosk = try kiosk("name = \"door\"\naction = \"exec\"\ncommand = [\"/bin/sleep\", \"0.3\"]")
        try press(kiosk, at: centre)
        try press(kiosk, at: centre, id: 2)
        XCTAssertTrue(kiosk.log.contains("still runs: ignored"), "\(kiosk.log.lines)")
        XCTAssertTrue(kiosk.runLoop { presses.finished.count == 1 })
        XCTAssertEqual(presses.finished.first?.status, 0)
    }
}
