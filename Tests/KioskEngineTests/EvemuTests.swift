import XCTest
@testable import KioskEngine

final class EvemuTests: XCTestCase {
    private let sample = """
    # EVEMU 1.3
    # a comment
    N: Test Panel 2000
    I: 0003 056a 00e6 0139
    P: 02 00 00 00 00 00 00 00
    B: 00 0b 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 04 00 00 00 00 00 00
    B: 03 03 00 00 00 00 80 e0 02
    A: 00 0 2776 4 0 12
    A: 01 0 1569 4 0
    A: 2f 0 1 0 0 0
    L: 00 0
    E: 1330495962.164908 0003 0039 0003	# EV_ABS / ABS_MT_TRACKING_ID   3
    E: 1330495962.164931 0000 0000 0000	# ------------ SYN_REPORT (0) ----------
    """

    func testParsesDescriptionAndEvents() throws {
        let recording = try EvemuParser.parse(sample, file: "sample.events")
        let device = try XCTUnwrap(recording.description)
        XCTAssertEqual(device.name, "Test Panel 2000")
        XCTAssertEqual([device.bus, device.vendor, device.product, device.version], [0x3, 0x56a, 0xe6, 0x139])
        XCTAssertEqual(device.properties, [EvdevCode.INPUT_PROP_DIRECT])
        XCTAssertEqual(device.eventCodes[EvdevCode.EV_KEY], [EvdevCode.BTN_TOUCH])
        XCTAssertEqual(device.eventCodes[EvdevCode.EV_ABS],
                       [0x00, 0x01, 0x2f, 0x35, 0x36, 0x37, 0x39])
        XCTAssertEqual(device.absoluteAxes[0x00], AbsoluteAxis(code: 0, minimum: 0, maximum: 2776, fuzz: 4, resolution: 12))
        XCTAssertEqual(device.absoluteAxes[0x01]?.maximum, 1569)
        XCTAssertEqual(device.slotCount, 2)
        XCTAssertEqual(device.touchProtocol, .multitouchSlots)
        XCTAssertTrue(device.isDirectTouch)
        XCTAssertEqual(recording.events.count, 2)
        XCTAssertEqual(recording.events[0].type, EvdevCode.EV_ABS)
        XCTAssertEqual(recording.events[0].code, EvdevCode.ABS_MT_TRACKING_ID)
        XCTAssertEqual(recording.events[0].value, 3)
        XCTAssertEqual(recording.events[0].time, 1330495962.164908, accuracy: 1e-7)
    }

    func testErrorNamesFileAndLine() {
        let broken = "# EVEMU 1.3\nN: x\nE: 12.5 0003 zz 1\n"
        XCTAssertThrowsError(try EvemuParser.parse(broken, file: "/tmp/bad.events")) { error in
            XCTAssertEqual("\(error)", "/tmp/bad.events:3: E: event code 'zz' is not a hex number up to ffff")
        }
        XCTAssertThrowsError(try EvemuParser.parse("Q: 1\n", file: "x.events")) { error in
            XCTAssertEqual((error as? EvemuParseError)?.line, 1)
        }
    }

    func testOverlongOrRepeatedBitmaskIsAParseErrorAtItsLine() {
        let mask = Array(repeating: "ff", count: 8).joined(separator: " ")
        let repeated = "N: x\n" + Array(repeating: "B: 03 \(mask)", count: 13).joined(separator: "\n")
        XCTAssertThrowsError(try EvemuParser.parse(repeated, file: "dup.events")) { error in
            XCTAssertEqual("\(error)", "dup.events:14: B: type 03 bitmask runs to 104 bytes, more than the 96 evdev codes "
                           + "need; is a description line repeated?")
        }
        let megabyteLine = "P: " + Array(repeating: "01", count: 350_000).joined(separator: " ")
        XCTAssertThrowsError(try EvemuParser.parse(megabyteLine, file: "long.events")) { error in
            XCTAssertEqual((error as? EvemuParseError)?.line, 1)
        }
    }

    func testWriterOutputParsesBackToTheSameRecording() throws {
        let original = try EvemuParser.parse(sample, file: "sample.events")
        let device = try XCTUnwrap(original.description)
        let text = EvemuWriter.header(for: device) + original.events.map(EvemuWriter.line(for:)).joined()
        let reparsed = try EvemuParser.parse(text, file: "written.events")
        XCTAssertEqual(reparsed.description, device)
        XCTAssertEqual(reparsed.events.map(EvemuWriter.line(for:)), original.events.map(EvemuWriter.line(for:)))
        XCTAssertEqual(EvemuWriter.line(for: original.events[0]), "E: 1330495962.164908 0003 0039 3\n")
        XCTAssertEqual(try EvemuParser.parse("E: 1.000001 0003 0039 -001\n", file: "x").events.first?.value, -1)
    }

    func testEventsWithoutDescriptionFallBackToTheDescFileBesideThem() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let lines = sample.split(separator: "\n")
        try lines.filter { !$0.hasPrefix("E:") }.joined(separator: "\n")
            .write(to: directory.appendingPathComponent("panel.desc"), atomically: true, encoding: .utf8)
        let events = directory.appendingPathComponent("panel.one-tap.events")
        try lines.filter { $0.hasPrefix("E:") }.joined(separator: "\n").write(to: events, atomically: true, encoding: .utf8)

        let recording = try EvemuRecording.load(events: events)
        XCTAssertEqual(recording.description?.name, "Test Panel 2000")
        XCTAssertEqual(recording.events.count, 2)

        let other = directory.appendingPathComponent("other.desc")
        try "N: Other Panel\nI: 0003 0001 0002 0003\n".write(to: other, atomically: true, encoding: .utf8)
        XCTAssertEqual(try EvemuRecording.load(events: events, description: other).description?.name, "Other Panel")

        try FileManager.default.removeItem(at: directory.appendingPathComponent("panel.desc"))
        XCTAssertThrowsError(try EvemuRecording.load(events: events)) { error in
            XCTAssertTrue("\(error)".hasPrefix(events.path), "\(error)")
        }
    }

    func testEverySharedRecordingParsesWithADescription() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("../shared/recordings").standardized
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else {
            throw XCTSkip("../shared/recordings is absent")
        }
        let eventFiles = names.filter { $0.hasSuffix(".events") }
        XCTAssertFalse(eventFiles.isEmpty)
        for name in eventFiles {
            let recording = try EvemuRecording.load(events: directory.appendingPathComponent(name))
            let device = try XCTUnwrap(recording.description, name)
            XCTAssertTrue(device.isDirectTouch, name)
            XCTAssertNotNil(device.positionAxes, name)
            XCTAssertFalse(recording.events.isEmpty, name)
        }
    }
}
