import Foundation
import KioskConfig
import KioskEngine
@testable import KioskRuntime
import KioskTouch
import XCTest

/// `simulate` (and `run --replay`, which reads recordings the same way) on recordings a faulty
/// panel or a damaged file can produce: a protocol-A contact flood, times of 1e19 and 1e300 s, a
/// gap of a billion seconds mid-swipe. Each is refused at its line or played in bounded work.
final class SimulatorHostileRecordingTests: XCTestCase {
    private typealias C = EvdevCode

    private func event(_ time: Double, _ type: UInt16, _ code: UInt16, _ value: Int32) -> RawInputEvent {
        RawInputEvent(time: time, type: type, code: code, value: value)
    }

    /// A 1280x800 protocol-A panel: ABS_MT_* positions, no slots, no tracking ids.
    private let protocolAPanel: InputDeviceDescription = {
        let axes: [UInt16: AbsoluteAxis] = [
            C.ABS_MT_POSITION_X: AbsoluteAxis(code: C.ABS_MT_POSITION_X, minimum: 0, maximum: 1279),
            C.ABS_MT_POSITION_Y: AbsoluteAxis(code: C.ABS_MT_POSITION_Y, minimum: 0, maximum: 799),
        ]
        return InputDeviceDescription(name: "Flooding Panel", properties: [C.INPUT_PROP_DIRECT],
                                      eventCodes: [C.EV_SYN: [], C.EV_ABS: Set(axes.keys)], absoluteAxes: axes)
    }()

    private func contact(_ time: Double, x: Int32, y: Int32) -> [RawInputEvent] {
        [event(time, C.EV_ABS, C.ABS_MT_POSITION_X, x), event(time, C.EV_ABS, C.ABS_MT_POSITION_Y, y),
         event(time, C.EV_SYN, C.SYN_MT_REPORT, 0)]
    }

    private func simulate(_ recording: EvemuRecording) throws -> (summary: SimulationSummary, vsyncs: Int) {
        let simulator = try Simulator(configuration: DemoConfiguration.configuration, recording: recording,
                                      eventsLog: try EventsLog(path: nil))
        var vsyncs = 0
        simulator.frameObserver = { _ in vsyncs += 1 }
        return (simulator.run(), vsyncs)
    }

    func testASwipeAfterFloodsOfTenThousandContactsStillGoesToTheNextScreen() throws {
        // Two frames of 10,000 contacts along the bottom edge, a frame with none (all lift), then a
        // one-finger leftward flick across the middle.
        var events: [RawInputEvent] = []
        for time in [0.0, 0.01] {
            events += (0..<10_000).flatMap { contact(time, x: Int32($0 % 1280), y: 799) }
            events.append(event(time, C.EV_SYN, C.SYN_REPORT, 0))
        }
        events.append(event(0.3, C.EV_SYN, C.SYN_REPORT, 0))
        for step in 0...15 {
            let time = 0.5 + Double(step) / 100
            events += contact(time, x: Int32(1024 - step * 51), y: 400) + [event(time, C.EV_SYN, C.SYN_REPORT, 0)]
        }
        events.append(event(0.66, C.EV_SYN, C.SYN_REPORT, 0))

        let (summary, _) = try simulate(EvemuRecording(description: protocolAPanel, events: events))
        XCTAssertEqual(summary.transitions, [TransitionRecord(from: 0, to: 1, interactive: true, completed: true)])
        XCTAssertEqual(summary.finalScreen, 1)
        XCTAssertEqual(summary.touches, 17, "16 contacts kept from the flood, then the finger")
        XCTAssertEqual(summary.warnings.count, 1)
        XCTAssertTrue(summary.warnings[0].hasPrefix("touch device 'Flooding Panel' sent 10000 contacts in one frame"), summary.warnings[0])
    }

    /// The rotated-swipe tests' leftward flick on a protocol-B panel, with `gap` seconds inserted
    /// after its seventh sample, the finger held down.
    private func flick(holdingFor gap: Double, at start: Double = 0) -> EvemuRecording {
        let swipe = RotatedSwipeTests.recording(RotatedSwipeTests.Stroke(axis: .x, from: 0.8, to: 0.2))
        let events = swipe.events.map { original in
            var moved = original
            moved.time = start + original.time + (original.time > 0.07 ? gap : 0)
            return moved
        }
        return EvemuRecording(description: swipe.description, events: events)
    }

    func testAFingerHeldStillForNearlyADayMidSwipeIsSkippedNotTicked() throws {
        let (summary, vsyncs) = try simulate(flick(holdingFor: 80_000))
        XCTAssertTrue(summary.settled)
        XCTAssertGreaterThan(summary.virtualDuration, 80_000)
        // The flick and its settling take about 60 vsyncs; ticking through the hold would take 4.8 million.
        XCTAssertLessThan(vsyncs, 400)
    }

    func testRecordingsStampedPastADayAreRefusedAtTheirLine() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-times-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, gap, start) in [("last-1e19", 1e19, 0.0), ("last-1e300", 1e300, 0.0), ("gap-1e9", 1e9, 5.0)] {
            var recording = flick(holdingFor: 0, at: start)
            if name.hasPrefix("last") {
                recording.events[recording.events.count - 2].time = gap
                recording.events[recording.events.count - 1].time = gap
            } else {
                recording = flick(holdingFor: gap, at: start)
            }
            let file = directory.appendingPathComponent("\(name).events")
            let text = EvemuWriter.header(for: try XCTUnwrap(recording.description))
                + recording.events.map(EvemuWriter.line(for:)).joined()
            try text.write(to: file, atomically: true, encoding: .utf8)
            XCTAssertThrowsError(try EvemuRecording.load(events: file), name) { error in
                let description = "\(error)"
                XCTAssertTrue(description.hasPrefix("\(file.path):"), description)
                XCTAssertTrue(description.contains("after the first event's"), description)
                XCTAssertGreaterThan((error as? EvemuParseError)?.line ?? 0, 0, description)
            }
        }
    }

    func testARecordingBuiltWithATimeOf1e300StillEnds() throws {
        var recording = flick(holdingFor: 0)
        recording.events += [event(1e300, C.EV_ABS, C.ABS_MT_TRACKING_ID, 2), event(1e300, C.EV_SYN, C.SYN_REPORT, 0)]
        let (summary, vsyncs) = try simulate(recording)
        XCTAssertEqual(summary.transitions.map(\.to), [1])
        XCTAssertLessThanOrEqual(summary.virtualDuration, EvemuParser.maximumTimeSpan + 31)
        XCTAssertLessThan(vsyncs, 5_000)
    }
}
