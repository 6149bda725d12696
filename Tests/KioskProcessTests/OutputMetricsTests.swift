import Foundation
import Glibc
@testable import KioskRuntime
import KioskProcessSupport
import KioskTestSupport
import XCTest

/// The per-output metrics with two outputs: frames and missed vsyncs labelled by output, as
/// `promtool check metrics` accepts them.
final class OutputMetricsTests: XCTestCase {
    private static let config = """
        [display]
        backend = "headless"
        [[display.output]]
        connector = "MAIN"
        size = "320x200"
        [[display.output]]
        connector = "SIDE"
        mode = "160x100@50"
        screens = ["b", "a"]
        [camera]
        source = "none"
        [transition]
        duration = 0.2
        [[screen]]
        name = "a"
        background = "#102030"
        [[screen]]
        name = "b"
        background = "#d01010"
        """

    func testFramesAreCountedPerOutputAndPromtoolAcceptsThem() throws {
        let harness = try DaemonHarness(config: Self.config)
        let control = KioskControl(daemon: harness.daemon, logger: harness.log.logger)
        // Its deck starts on "a", home; the first output's goes nowhere meanwhile.
        try control.goTo(output: "SIDE", screen: "b", animated: true)
        for _ in 0..<30 { harness.outputFrame("SIDE") }
        let text = control.metricsText
        let sideFrames = text.split(separator: "\n").first { $0.hasPrefix(#"swipe_kiosk_output_frames_total{output="SIDE"}"#) }
        XCTAssertNotNil(sideFrames, text)
        XCTAssertGreaterThan(Int(sideFrames?.split(separator: " ").last ?? "") ?? 0, 5, "the side output's transition frames")
        XCTAssertFalse(text.contains(#"swipe_kiosk_output_frames_total{output="MAIN"}"#), "the first output drew nothing since\n\(text)")
        XCTAssertTrue(text.contains(#"swipe_kiosk_output_frames_missed_vsync_total{output="SIDE"}"#), text)

        guard let promtool = Command.find("promtool") else {
            throw XCTSkip("promtool is missing (Debian's prometheus package; `make test-process` installs it)")
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("output-metrics-\(UUID().uuidString.prefix(8)).prom").path
        defer { unlink(file) }
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let checked = try Command.run("/bin/sh", ["-c", "\(promtool) check metrics < \(file)"])
        XCTAssertEqual(checked.status, 0, "promtool check metrics: \(checked.output)\(checked.error)")
    }
}
