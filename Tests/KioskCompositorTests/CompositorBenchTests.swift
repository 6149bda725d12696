import KioskEngine
import KioskTestFixtures
import XCTest
@testable import KioskCompositor

/// The bench's own logic, at a tiny size so it stays fast: figures are present and sane.
final class CompositorBenchTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestFonts.pin()
    }

    func testSizeOptionIsParsedOrRejectedWithAHint() throws {
        let bench = try CompositorBench(size: "320x200")
        XCTAssertEqual(bench.width, 320)
        XCTAssertEqual(bench.height, 200)
        XCTAssertThrowsError(try CompositorBench(size: "320by200")) { error in
            XCTAssertTrue("\(error)".contains("WIDTHxHEIGHT"), "\(error)")
        }
    }

    func testReportHasEveryKindAndOneJSONLine() {
        var bench = CompositorBench(width: 64, height: 48, transitionFrames: 4, rounds: 1)
        bench.comparesUnfusedFade = false
        let report = bench.run()
        XCTAssertEqual(report.transition.samples, 4)
        XCTAssertEqual(report.memcpy.samples, 4)
        XCTAssertGreaterThan(report.transition.median, 0)
        XCTAssertFalse(report.jsonLine.contains("\n"))
        XCTAssertTrue(report.jsonLine.hasPrefix("{\"width\":64,\"height\":48,\"memcpy_ms\":"), report.jsonLine)
        XCTAssertTrue(report.jsonLine.contains("\"transition_frame_ms\":{\"median\":"))
        XCTAssertTrue(report.text.contains("ratio"))
        let threads = Compositor(displayWidth: 64, displayHeight: 48).threads
        XCTAssertEqual(report.threads, threads)
        XCTAssertTrue(report.jsonLine.contains("\"threads\":\(threads),\"styles\":{"), report.jsonLine)
    }

    func testTimingMedianAndP99() {
        let timing = BenchTiming(milliseconds: (1...100).map(Double.init))
        XCTAssertEqual(timing.median, 50.5)
        XCTAssertEqual(timing.p99, 99)
    }
}
