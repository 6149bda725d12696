import KioskRuntime
import KioskTestSupport
import Logging
import XCTest

/// One limiter for every repeated line: a few of a kind a window, then a count of what was dropped.
final class RateLimitedLogHandlerTests: XCTestCase {
    private final class Time: @unchecked Sendable {
        var now = 0.0
    }

    private func logger(_ time: Time, into lines: LogLines) -> (Logger, LogRateLimiter) {
        let limiter = LogRateLimiter(burst: 3, window: 10) { time.now }
        let logger = Logger(label: "test") { _ in RateLimitedLogHandler(wrapping: RecordingLogHandler(lines: lines), limiter: limiter) }
        return (logger, limiter)
    }

    func testAKindPassesItsBurstAWindowAndTheNextLineCountsWhatWasDropped() {
        let time = Time(), lines = LogLines()
        let (logger, _) = logger(time, into: lines)
        for index in 0..<1000 { logger.repeating("mqtt command", .notice, "refused \(index)") }
        XCTAssertEqual(lines.lines, ["refused 0", "refused 1", "refused 2"])
        time.now = 10
        logger.repeating("mqtt command", .notice, "refused again")
        XCTAssertEqual(lines.lines.last, "refused again (997 more like this were not logged: at most 3 every 10 s)")
        logger.repeating("mqtt command", .notice, "and again")
        XCTAssertEqual(lines.lines.last, "and again")
    }

    func testKindsAreCountedApartAndOtherLinesAreNeverLimited() {
        let time = Time(), lines = LogLines()
        let (logger, _) = logger(time, into: lines)
        for _ in 0..<10 {
            logger.repeating("camera", .warning, "camera fault")
            logger.repeating("dbus", .warning, "D-Bus send failed")
            logger.warning("plain")
        }
        XCTAssertEqual(lines.lines.filter { $0 == "camera fault" }.count, 3)
        XCTAssertEqual(lines.lines.filter { $0 == "D-Bus send failed" }.count, 3)
        XCTAssertEqual(lines.lines.filter { $0 == "plain" }.count, 10)
    }

    func testTheDaemonsLoggerIsLimitedOnceWhateverItIsGiven() {
        let lines = LogLines()
        let plain = Logger(label: "test") { _ in RecordingLogHandler(lines: lines) }
        let limited = plain.rateLimited()
        XCTAssertTrue(limited.handler is RateLimitedLogHandler)
        XCTAssertTrue(limited.rateLimited().handler is RateLimitedLogHandler)
        for _ in 0..<100 { limited.rateLimited().repeating("value temp", .warning, "ignored") }
        XCTAssertEqual(lines.lines.count, LogRateLimiter().burst)
    }
}
