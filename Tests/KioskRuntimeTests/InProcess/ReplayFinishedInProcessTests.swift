import Foundation
import KioskConfig
import KioskDisplay
@testable import KioskRuntime
import KioskTestSupport
import KioskTestFixtures
import XCTest

/// `run --replay` ends after its recording: "replay finished" is logged once, though frames go
/// on being handled in the turns before the loop stops.
final class ReplayFinishedInProcessTests: XCTestCase {
    func testReplayFinishedIsLoggedOnce() throws {
        TestFonts.pin()
        let e2e = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../e2e").standardized
        let display = try HeadlessDisplay(width: 320, height: 200, virtualClock: true)
        let clock = ManualDaemonClock(frameClock: display.virtualClock!)
        clock.frameClock.advance(to: 1000)
        let touches = FakeTouchSource()
        let parts = DaemonParts(display: display, loop: try EventLoop(), clock: clock,
                                makeTouchSource: { _, _ in touches }, makeCameraFeed: { _, _ in nil },
                                backlightClassFolder: "/nonexistent/backlight")
        let options = RunOptions(replayPath: e2e.appendingPathComponent("swipe-left.events").path,
                                 replayDevicePath: e2e.appendingPathComponent("touchscreen.desc").path)
        let configuration = try ConfigurationLoader.parse("""
            [camera]
            source = "none"
            [[value]]
            name = "v"
            [[screen]]
            name = "first"
              [[screen.element]]
              type = "text"
              width = 200
              height = 40
              text = "{v}"
            [[screen]]
            name = "second"
            """, fileName: "kiosk.toml").get()
        let log = LogLines()
        let daemon = try KioskDaemon(configuration: configuration, configPath: nil, parts: parts, options: options, logger: log.logger)
        try daemon.start()
        func frame() {
            clock.frameClock.tick()
            daemon.frameTickDelivered()
            clock.fireDueTimers()
        }
        for _ in 0..<(60 * 20) where !log.contains("replay finished") { frame() }
        XCTAssertTrue(log.contains("replay finished"), "\(log.lines)")
        // Frames the same turn still hands over (a value changed) after the end.
        for step in 0..<5 {
            try daemon.setValue("v", to: "after \(step)")
            frame()
        }
        XCTAssertEqual(log.lines.filter { $0.contains("replay finished") }.count, 1, "\(log.lines)")
    }
}
