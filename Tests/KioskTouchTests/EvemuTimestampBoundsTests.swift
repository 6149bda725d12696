import XCTest
@testable import KioskTouch

/// A recording's timestamps are finite, non-negative, in order within a second and within a day of
/// the first; anything else is refused at its line, so no replay waits forever or traps on a time.
final class EvemuTimestampBoundsTests: XCTestCase {
    private func parse(_ times: [String]) throws -> EvemuRecording {
        let events = times.map { "E: \($0) 0000 0000 0" }.joined(separator: "\n")
        return try EvemuParser.parse("# EVEMU 1.3\n" + events + "\n", file: "times.events")
    }

    private func refusal(_ times: [String]) -> String? {
        do {
            _ = try parse(times)
            return nil
        } catch {
            return (error as? EvemuParseError)?.description
        }
    }

    func testTimesOf1e19And1e300AreRefusedAtTheirLine() {
        XCTAssertEqual(refusal(["100.000000", "100.010000", "1e19"]),
                       "times.events:4: E: timestamp 1e19 is 1e+19 s after the first event's (line 2); "
                       + "a recording may last at most a day (86400 s): the file is damaged or spliced")
        XCTAssertEqual(refusal(["0.000000", "1e300"]),
                       "times.events:3: E: timestamp 1e300 is 1e+300 s after the first event's (line 2); "
                       + "a recording may last at most a day (86400 s): the file is damaged or spliced")
    }

    func testAGapOfABillionSecondsMidRecordingIsRefused() {
        XCTAssertEqual(refusal(["5.000000", "5.010000", "1000000005.020000", "1000000005.030000"]),
                       "times.events:4: E: timestamp 1000000005.020000 is 1e+09 s after the first event's (line 2); "
                       + "a recording may last at most a day (86400 s): the file is damaged or spliced")
    }

    func testNegativeAndNonFiniteTimesAreRefused() {
        XCTAssertEqual(refusal(["-1.000000"]),
                       "times.events:2: E: timestamp -1.000000 is negative; a recording's times count up from boot or from 1970")
        XCTAssertEqual(refusal(["0.5", "nan"]), "times.events:3: E: timestamp 'nan' is not sec.usec")
        XCTAssertEqual(refusal(["0.5", "inf"]), "times.events:3: E: timestamp 'inf' is not sec.usec")
    }

    func testATimeGoingBackMoreThanASecondIsRefusedNamingBothLines() {
        XCTAssertEqual(refusal(["10.000000", "12.000000", "10.500000"]),
                       "times.events:4: E: timestamp 10.500000 goes back 1.500 s from line 3's; "
                       + "events must be in time order (at most 1.0 s back)")
    }

    func testASmallStepBackIsTakenAsNoTimePassing() throws {
        let recording = try parse(["10.000000", "10.500000", "10.200000", "10.600000"])
        XCTAssertEqual(recording.events.map(\.time), [10, 10.5, 10.5, 10.6])
    }

    func testARecordingOfExactlyADayIsKept() throws {
        let recording = try parse(["1700000000.000000", "1700086400.000000"])
        XCTAssertEqual(recording.replayEvents.map(\.time), [0, 86_400])
    }

    func testReplayEventsOfARecordingBuiltInCodeAreBoundedToo() {
        // Built without the parser, a recording still replays finite, in order and within a day.
        let times = [5, 4, .nan, 1e300, .infinity, -.infinity, 6]
        let recording = EvemuRecording(description: nil, events: times.map { RawInputEvent(time: $0, type: 0, code: 0, value: 0) })
        XCTAssertEqual(recording.replayEvents.map(\.time), [0, 0, 0, 86_400, 86_400, 86_400, 86_400])
    }
}
