import Foundation
import KioskEngine
@testable import KioskRuntime
import KioskTestSupport
import XCTest

/// Commands with hostile output (endless, one huge line) behind a value: the daemon starts real
/// programs, so these are the process kind; the rest are BoundedValuesInProcessTests'.
final class BoundedValueCommandsProcessTests: XCTestCase {
    private static func config(values: String) -> String {
        DaemonHarness.textScreenConfig(values: values, text: "{v}", origin: nil)
    }

    private func value(_ kiosk: DaemonHarness) -> String? { kiosk.daemon.valueSources.store.value("v") }

    func testACommandWithEndlessOutputIsKilledAtTheOutputCapNotItsTimeout() throws {
        let kiosk = try DaemonHarness(config: Self.config(values: """
            [[value]]
            name = "v"
            source = "command"
            command = ["/usr/bin/yes", "0.42"]
            timeout = 60
            interval = 100
            """))
        kiosk.clock.fireDueTimers()
        let began = Date()
        XCTAssertTrue(kiosk.runLoop(limit: 5) { kiosk.log.contains("printed more than 64 KiB; killed") }, "\(kiosk.log.lines)")
        XCTAssertLessThan(Date().timeIntervalSince(began), 5, "killed at the cap, long before the timeout")
        XCTAssertEqual(value(kiosk), "0.42", "its first line is still shown")
    }

    func testACommandsLineLongerThanTheCapIsCut() throws {
        let kiosk = try DaemonHarness(config: Self.config(values: """
            [[value]]
            name = "v"
            source = "command"
            command = ["/bin/sh", "-c", "head -c 20000 /dev/zero | tr '\\\\0' 'x'; echo"]
            interval = 100
            """))
        kiosk.clock.fireDueTimers()
        XCTAssertTrue(kiosk.runLoop { self.value(kiosk)?.isEmpty == false }, "\(kiosk.log.lines)")
        XCTAssertEqual(value(kiosk), String(repeating: "x", count: 4096))
        XCTAssertEqual(kiosk.log.lines.filter { $0.contains("longer than the 4096 bytes a value holds") }.count, 1, "\(kiosk.log.lines)")
    }
}
