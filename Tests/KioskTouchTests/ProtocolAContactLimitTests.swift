import XCTest
import KioskEngine
@testable import KioskTouch

/// A protocol-A panel (ABS_MT_* with SYN_MT_REPORT, no slots) sending thousands of contacts in a
/// frame, as a firmware fault can: the decoder holds at most its contact limit, warns once, and a
/// swipe after the flood still reads as one finger.
final class ProtocolAContactLimitTests: XCTestCase {
    private typealias C = EvdevCode

    /// A 0...1000 protocol-A panel on a 100x100 scene; `slotAxis` adds an ABS_MT_SLOT range the
    /// device does not send events on (its description still gives a slot count).
    private func device(slotAxis: Int32? = nil) -> InputDeviceDescription {
        var axes: [UInt16: AbsoluteAxis] = [
            C.ABS_MT_POSITION_X: AbsoluteAxis(code: C.ABS_MT_POSITION_X, minimum: 0, maximum: 1000),
            C.ABS_MT_POSITION_Y: AbsoluteAxis(code: C.ABS_MT_POSITION_Y, minimum: 0, maximum: 1000),
        ]
        let codes: [UInt16: Set<UInt16>] = [C.EV_SYN: [], C.EV_KEY: [C.BTN_TOUCH], C.EV_ABS: Set(axes.keys)]
        if let slotAxis { axes[C.ABS_MT_SLOT] = AbsoluteAxis(code: C.ABS_MT_SLOT, minimum: 0, maximum: slotAxis) }
        return InputDeviceDescription(name: "Flooding Panel", properties: [C.INPUT_PROP_DIRECT],
                                      eventCodes: codes, absoluteAxes: axes)
    }

    private func decoder(_ device: InputDeviceDescription) throws -> TouchDecoder {
        try TouchDecoder(device: device, surface: TouchSurface(sceneSize: Size(width: 100, height: 100), displayRotation: .none))
    }

    private func contact(_ x: Int32, _ y: Int32, _ time: Double) -> [RawInputEvent] {
        [RawInputEvent(time: time, type: C.EV_ABS, code: C.ABS_MT_POSITION_X, value: x),
         RawInputEvent(time: time, type: C.EV_ABS, code: C.ABS_MT_POSITION_Y, value: y),
         RawInputEvent(time: time, type: C.EV_SYN, code: C.SYN_MT_REPORT, value: 0)]
    }

    private func report(_ time: Double) -> RawInputEvent {
        RawInputEvent(time: time, type: C.EV_SYN, code: C.SYN_REPORT, value: 0)
    }

    /// Feeds one frame of `count` contacts spread over the panel; returns the most contacts the
    /// decoder held at any point and the touches the frame produced.
    private func flood(_ decoder: inout TouchDecoder, contacts count: Int, time: Double) -> (held: Int, touches: [TouchEvent]) {
        var held = 0
        for index in 0..<count {
            for event in contact(Int32(index * 7 % 1000), Int32(index * 13 % 1000), time) {
                XCTAssertEqual(decoder.feed(event), [])
            }
            held = max(held, decoder.bufferedContactCount)
        }
        return (held, decoder.feed(report(time)))
    }

    func testOneThousandFourThousandAndTenThousandContactsInAFrameHoldAtMostSixteen() throws {
        for count in [1_000, 4_000, 10_000] {
            var decoder = try decoder(device())
            XCTAssertEqual(decoder.contactLimit, TouchDecoder.defaultContactLimit)
            let (held, touches) = flood(&decoder, contacts: count, time: 1)
            XCTAssertEqual(held, 16, "\(count) contacts")
            XCTAssertEqual(touches.count, 16, "\(count) contacts")
            XCTAssertEqual(Set(touches.map(\.phase)), [.began])
            XCTAssertEqual(decoder.activeTouchIDs.count, 16)
            XCTAssertEqual(decoder.bufferedContactCount, 0)
            // A second flood frame keeps the same 16 touches, still bounded.
            let again = flood(&decoder, contacts: count, time: 1.01)
            XCTAssertEqual(again.held, 16)
            XCTAssertEqual(again.touches, [])
            XCTAssertEqual(decoder.activeTouchIDs.count, 16)
        }
    }

    func testTheFloodIsWarnedOfOnceNamingTheDevice() throws {
        var decoder = try decoder(device())
        XCTAssertNil(decoder.takeContactLimitWarning())
        _ = flood(&decoder, contacts: 16, time: 1)
        XCTAssertNil(decoder.takeContactLimitWarning(), "16 contacts are within the limit")
        _ = flood(&decoder, contacts: 4_000, time: 1.01)
        XCTAssertEqual(decoder.takeContactLimitWarning(),
                       "touch device 'Flooding Panel' sent 4000 contacts in one frame, more than the 16 it is read with; "
                       + "contacts past 16 are ignored (a panel firmware fault? check its connection and firmware)")
        _ = flood(&decoder, contacts: 10_000, time: 1.02)
        XCTAssertNil(decoder.takeContactLimitWarning())
    }

    func testASwipeAfterTheFloodIsOneFingerMoving() throws {
        var decoder = try decoder(device())
        _ = flood(&decoder, contacts: 10_000, time: 1)
        // The flood lifts; one finger lands and moves left.
        var touches: [TouchEvent] = []
        for step in 0..<10 {
            let time = 1.1 + Double(step) * 0.01
            touches += (contact(Int32(800 - step * 60), 500, time) + [report(time)]).flatMap { decoder.feed($0) }
        }
        let finger = touches.filter { $0.phase != .ended }
        XCTAssertEqual(Set(finger.map(\.id)).count, 1, "one touch follows the finger")
        XCTAssertEqual(finger.last?.location, Point(x: 26, y: 50))
        XCTAssertEqual(touches.filter { $0.phase == .ended }.count, 15, "the flood's other touches end")
        XCTAssertEqual(decoder.activeTouchIDs.count, 1)
    }

    func testADeviceThatDeclaresSlotsIsReadWithItsSlotCount() throws {
        var decoder = try decoder(device(slotAxis: 4))
        XCTAssertEqual(decoder.touchProtocol, .multitouchAnonymous)
        XCTAssertEqual(decoder.contactLimit, 5)
        XCTAssertEqual(flood(&decoder, contacts: 1_000, time: 1).held, 5)
    }

    func testAnEvemuRecordingOfAFloodReplaysBounded() throws {
        // Shaped as evemu-record writes a protocol-A panel: its description, then 10,000 contacts in
        // one frame and a swipe.
        var lines = ["# EVEMU 1.3", "N: Flooding Panel", "I: 0018 0eef 0001 0100", "P: 02 00 00 00 00 00 00 00",
                     "B: 00 0b 00 00 00 00 00 00 00"]
        var keys = [UInt8](repeating: 0, count: 48)
        keys[Int(C.BTN_TOUCH) / 8] |= 1 << (C.BTN_TOUCH % 8)
        for row in stride(from: 0, to: 48, by: 8) {
            lines.append("B: 01 " + keys[row..<row + 8].map { String(format: "%02x", $0) }.joined(separator: " "))
        }
        lines += ["B: 03 00 00 00 00 00 00 60 00", "A: 35 0 1000 0 0 0", "A: 36 0 1000 0 0 0"]
        func frame(_ time: String, _ contacts: [(Int, Int)]) -> [String] {
            contacts.flatMap { ["E: \(time) 0003 0035 \($0.0)", "E: \(time) 0003 0036 \($0.1)", "E: \(time) 0000 0002 0"] }
                + ["E: \(time) 0000 0000 0"]
        }
        lines += frame("100.000000", (0..<10_000).map { ($0 * 7 % 1000, $0 * 13 % 1000) })
        for step in 0..<10 { lines += frame(String(format: "100.%06d", 100_000 + step * 10_000), [(800 - step * 60, 500)]) }
        let recording = try EvemuParser.parse(lines.joined(separator: "\n") + "\n", file: "flood.events")
        let description = try XCTUnwrap(recording.description)
        XCTAssertEqual(description.touchProtocol, .multitouchAnonymous)

        var decoder = try decoder(description)
        var held = 0
        var touches: [TouchEvent] = []
        for event in recording.replayEvents {
            touches += decoder.feed(event)
            held = max(held, decoder.bufferedContactCount)
        }
        XCTAssertEqual(held, 16)
        XCTAssertEqual(touches.filter { $0.phase == .began }.count, 16)
        XCTAssertEqual(decoder.activeTouchIDs.count, 1)
        XCTAssertEqual(touches.last?.location, Point(x: 26, y: 50))
        XCTAssertEqual(touches.last?.time ?? 0, 0.19, accuracy: 1e-9)
        XCTAssertNotNil(decoder.takeContactLimitWarning()?.range(of: "'Flooding Panel' sent 10000 contacts"))
    }
}
