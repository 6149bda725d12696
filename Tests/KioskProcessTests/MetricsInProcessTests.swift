import Foundation
import Glibc
@testable import KioskRuntime
import KioskTestSupport
import KioskProcessSupport
import XCTest

/// The metrics as a scraper sees them: what `promtool check metrics` says of the text, the file's
/// mode under the unit's umask, what a failing write logs, and how a screen change is counted.
final class MetricsInProcessTests: XCTestCase {
    private static let config = """
        [display]
        backend = "headless"
        [camera]
        source = "none"
        [control]
        bus = "none"
        [transition]
        style = "slide"
        [[screen]]
        name = "first"
        [[screen]]
        name = "second"
        """

    private func control(_ harness: DaemonHarness) -> KioskControl {
        KioskControl(daemon: harness.daemon, logger: harness.log.logger)
    }

    func testPromtoolChecksTheTextWithoutAProblem() throws {
        guard let promtool = Command.find("promtool") else {
            throw XCTSkip("promtool is missing (Debian's prometheus package; `make test-process` installs it)")
        }
        let harness = try DaemonHarness(config: Self.config)
        let control = control(harness)
        try control.goTo(screen: "second", animated: true)
        harness.settle()
        try harness.rewriteConfig("[display]\nbackend = \"dmr\"\n")
        XCTAssertThrowsError(try control.reloadConfiguration(), "a rejected reload is counted too")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("metrics-\(UUID().uuidString.prefix(8)).prom").path
        defer { unlink(file) }
        try control.metricsText.write(toFile: file, atomically: true, encoding: .utf8)
        let families = Set(control.metricsText.split(separator: "\n").filter { $0.hasPrefix("# TYPE ") }
            .map { $0.split(separator: " ")[2] })
        let helped = Set(control.metricsText.split(separator: "\n").filter { $0.hasPrefix("# HELP ") }
            .map { $0.split(separator: " ")[2] })
        XCTAssertGreaterThanOrEqual(families.count, 9, control.metricsText)
        XCTAssertEqual(helped, families, "every family has a # HELP line")
        let checked = try Command.run("/bin/sh", ["-c", "\(promtool) check metrics < \(file)"])
        XCTAssertEqual(checked.status, 0, "promtool check metrics: \(checked.output)\(checked.error)")
    }

    func testAChangeWithoutAnimationIsNotCountedAsTheConfiguredStyle() throws {
        let harness = try DaemonHarness(config: Self.config)
        let control = control(harness)
        try control.goTo(screen: "second", animated: false)
        harness.settle()
        XCTAssertTrue(control.metricsText.contains(#"swipe_kiosk_transitions_total{style="none",outcome="completed"} 1"#),
                      control.metricsText)
        XCTAssertFalse(control.metricsText.contains(#"style="slide""#), control.metricsText)
        try control.goTo(screen: "first", animated: true)
        harness.settle()
        XCTAssertTrue(control.metricsText.contains(#"swipe_kiosk_transitions_total{style="slide",outcome="completed"} 1"#),
                      control.metricsText)
    }

    func testTheTextfileIsReadableByOthersUnderAStrictUmask() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("metrics-\(UUID().uuidString.prefix(8)).prom").path
        defer { unlink(file) }
        let previous = umask(0o077)
        defer { umask(previous) }
        try MetricsTextfileWriter(path: file).write("swipe_kiosk_x 1\n")
        var status = stat()
        XCTAssertEqual(stat(file, &status), 0)
        XCTAssertEqual(status.st_mode & 0o777, 0o644, "node_exporter reads it as another user")
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "swipe_kiosk_x 1\n")
    }

    func testAFailingWriteIsLoggedOnceInWords() throws {
        let harness = try DaemonHarness(config: Self.config + """

            [metrics]
            textfile = "/nonexistent-metrics-dir/swipe_kiosk.prom"
            interval = 1
            """)
        let control = control(harness)
        harness.clock.advance(to: harness.clock.now + 5.5)
        let lines = harness.log.lines.filter { $0.contains("metrics:") }
        XCTAssertEqual(lines.count, 1, "\(lines)")
        XCTAssertTrue(lines.first?.contains("cannot create /nonexistent-metrics-dir/swipe_kiosk.prom.tmp: No such file or directory") == true,
                      "\(lines)")
        XCTAssertFalse(lines.joined().contains("NSCocoaErrorDomain"))
        withExtendedLifetime(control) {}
    }
}
