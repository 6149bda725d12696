import Foundation
@testable import KioskRuntime
import KioskTestSupport
import XCTest

/// A command that prints a changing 64 KB line is cut at the output cap and its line at the value
/// cap: each problem is logged once, not both again at every interval.
final class CommandWarningsInProcessTests: XCTestCase {
    func testAChangingLongLineLogsEachProblemOnceOverManyRuns() throws {
        let kiosk = try DaemonHarness(config: """
            [camera]
            source = "none"
            [[value]]
            name = "v"
            source = "command"
            command = ["/bin/sh", "-c", "head -c 70000 /dev/urandom | base64 -w0"]
            interval = 1
            [[screen]]
            name = "home"
              [[screen.element]]
              type = "text"
              width = 200
              height = 40
              text = "{v}"
            """)
        var runs = 0
        var previous: String?
        while runs < 4 {
            kiosk.clock.advance(to: kiosk.clock.now + 1)
            XCTAssertTrue(kiosk.runLoop(limit: 5) {
                let text = kiosk.daemon.valueSources.store.value("v")
                return text != nil && text != previous && text != ""
            }, "run \(runs): \(kiosk.log.lines)")
            previous = kiosk.daemon.valueSources.store.value("v")
            runs += 1
        }
        XCTAssertEqual(kiosk.log.lines.filter { $0.contains("printed more than 64 KiB") }.count, 1, "\(kiosk.log.lines)")
        XCTAssertEqual(kiosk.log.lines.filter { $0.contains("longer than the 4096 bytes a value holds") }.count, 1, "\(kiosk.log.lines)")
    }
}
