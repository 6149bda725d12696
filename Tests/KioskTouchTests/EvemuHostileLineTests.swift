import XCTest
@testable import KioskTouch

/// Lines no evemu writer produces are parse errors at their line, never traps.
final class EvemuHostileLineTests: XCTestCase {
    private let header = """
    # EVEMU 1.3
    N: Panel
    I: 0003 056a 00e6 0139
    B: 03 03 00 00 00 00 00 00 00
    A: 00 0 1000 0 0 0
    A: 01 0 1000 0 0 0

    """

    private func parseError(_ text: String) -> EvemuParseError? {
        do {
            _ = try EvemuParser.parse(text, file: "hostile.events")
            return nil
        } catch {
            return error as? EvemuParseError
        }
    }

    func testADuplicatedAxisLineNamesBothLines() throws {
        let error = try XCTUnwrap(parseError(header + "A: 01 0 2000 0 0 0\n"))
        XCTAssertEqual(error.line, 7)
        XCTAssertEqual(error.description,
                       "hostile.events:7: a second A: 1 line (the first is line 6); a device describes it once")
    }

    func testADuplicatedNameOrIdentityLineIsRefused() {
        XCTAssertEqual(parseError(header + "N: Other\n")?.line, 7)
        XCTAssertEqual(parseError(header + "I: 0003 056a 00e6 0139\n")?.line, 7)
    }

    func testABitmaskLineRepeatedPastEvemusLengthIsRefused() throws {
        // 4096 copies of one B: line once trapped turning bit numbers into UInt16.
        let repeated = String(repeating: "B: 01 ff ff ff ff ff ff ff ff\n", count: 4096)
        let error = try XCTUnwrap(parseError(header + repeated))
        XCTAssertEqual(error.line, 7 + 16, "the 17th line takes the bitmask past 128 bytes")
        XCTAssertTrue(error.message.contains("B: bitmask of event type 01 grows past 128 bytes"), error.message)
        XCTAssertNotNil(parseError(header + String(repeating: "P: ff ff ff ff ff ff ff ff\n", count: 17)))
    }

    func testAOneMegabyteLineIsRefusedByItsLength() throws {
        let long = "B: 01" + String(repeating: " ff", count: 350_000) + "\n"
        let error = try XCTUnwrap(parseError(header + long))
        XCTAssertEqual(error.line, 7)
        XCTAssertTrue(error.message.hasPrefix("the line is 1050005 bytes long"), error.message)
    }

    func testANonFiniteTimestampIsRefused() {
        XCTAssertEqual(parseError(header + "E: inf 0000 0000 0\n")?.line, 7)
        XCTAssertEqual(parseError(header + "E: 1e999 0000 0000 0\n")?.line, 7)
    }

    func testAnEvemuRecordingOfEveryTypeStillParses() throws {
        // Twelve B: lines of key codes (96 bytes) are what evemu writes for a 64-bit kernel.
        let keys = String(repeating: "B: 01 00 00 00 00 00 00 00 00\n", count: 12)
        let recording = try EvemuParser.parse(header + keys + "E: 0.000001 0000 0000 0\n", file: "ok.events")
        XCTAssertEqual(recording.events.count, 1)
    }
}
