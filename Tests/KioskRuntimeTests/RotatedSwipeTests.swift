import Foundation
import KioskConfig
import KioskEngine
@testable import KioskRuntime
import KioskTouch
import XCTest

/// A 1280x800 landscape panel whose digitizer matches it, showing the picture turned by
/// `[display] rotation`: a swipe along the user's horizontal changes screens, one along the
/// user's vertical does not. The strokes are written in raw digitizer units, worked out by hand
/// from where the picture lands on the panel, not through the code under test.
final class RotatedSwipeTests: XCTestCase {
    /// Which digitizer axis a stroke moves along, from and to as fractions of that axis.
    struct Stroke {
        enum Axis { case x, y }
        var axis: Axis
        var from: Double
        var to: Double
    }

    static func recording(_ stroke: Stroke) -> EvemuRecording {
        typealias C = EvdevCode
        let axes: [UInt16: AbsoluteAxis] = [
            C.ABS_MT_SLOT: AbsoluteAxis(code: C.ABS_MT_SLOT, minimum: 0, maximum: 9),
            C.ABS_MT_TRACKING_ID: AbsoluteAxis(code: C.ABS_MT_TRACKING_ID, minimum: 0, maximum: 65535),
            C.ABS_MT_POSITION_X: AbsoluteAxis(code: C.ABS_MT_POSITION_X, minimum: 0, maximum: 1279),
            C.ABS_MT_POSITION_Y: AbsoluteAxis(code: C.ABS_MT_POSITION_Y, minimum: 0, maximum: 799),
        ]
        let device = InputDeviceDescription(
            name: "Landscape Panel", properties: [C.INPUT_PROP_DIRECT],
            eventCodes: [C.EV_SYN: [], C.EV_ABS: Set(axes.keys)], absoluteAxes: axes)
        func event(_ time: Double, _ type: UInt16, _ code: UInt16, _ value: Int32) -> RawInputEvent {
            RawInputEvent(time: time, type: type, code: code, value: value)
        }
        // The other axis stays in the middle of the panel.
        func position(_ fraction: Double) -> (x: Int32, y: Int32) {
            switch stroke.axis {
            case .x: (Int32(fraction * 1279), 400)
            case .y: (640, Int32(fraction * 799))
            }
        }
        let start = position(stroke.from)
        var events = [event(0, C.EV_ABS, C.ABS_MT_SLOT, 0), event(0, C.EV_ABS, C.ABS_MT_TRACKING_ID, 1),
                      event(0, C.EV_ABS, C.ABS_MT_POSITION_X, start.x), event(0, C.EV_ABS, C.ABS_MT_POSITION_Y, start.y),
                      event(0, C.EV_SYN, C.SYN_REPORT, 0)]
        // A quick flick: 15 samples in 150 ms.
        for step in 1...15 {
            let time = Double(step) / 100
            let point = position(stroke.from + (stroke.to - stroke.from) * Double(step) / 15)
            events += [event(time, C.EV_ABS, C.ABS_MT_POSITION_X, point.x), event(time, C.EV_ABS, C.ABS_MT_POSITION_Y, point.y),
                       event(time, C.EV_SYN, C.SYN_REPORT, 0)]
        }
        events += [event(0.16, C.EV_ABS, C.ABS_MT_TRACKING_ID, -1), event(0.16, C.EV_SYN, C.SYN_REPORT, 0)]
        return EvemuRecording(description: device, events: events)
    }

    private func screens(after stroke: Stroke, rotation: Rotation) throws -> [TransitionRecord] {
        var config = DemoConfiguration.configuration
        config.display.rotation = rotation
        let summary = try Simulator(configuration: config, recording: Self.recording(stroke), eventsLog: try EventsLog(path: nil)).run()
        XCTAssertTrue(summary.settled)
        return summary.transitions
    }

    private let forward = [TransitionRecord(from: 0, to: 1, interactive: true, completed: true)]

    func testUnrotatedTheDigitizersXAxisIsTheUsersHorizontal() throws {
        XCTAssertEqual(try screens(after: Stroke(axis: .x, from: 0.8, to: 0.2), rotation: .none), forward)
        XCTAssertEqual(try screens(after: Stroke(axis: .y, from: 0.8, to: 0.2), rotation: .none), [])
    }

    /// Turned 90° clockwise, the picture's left edge is along the panel's top: the user's
    /// right-to-left is the digitizer's bottom-to-top.
    func testAt90TheUsersLeftwardSwipeRunsUpTheDigitizersYAxis() throws {
        XCTAssertEqual(try screens(after: Stroke(axis: .y, from: 0.8, to: 0.2), rotation: .clockwise90), forward)
        XCTAssertEqual(try screens(after: Stroke(axis: .x, from: 0.8, to: 0.2), rotation: .clockwise90), [])
        XCTAssertEqual(try screens(after: Stroke(axis: .x, from: 0.2, to: 0.8), rotation: .clockwise90), [])
    }

    /// Upside down, the user's right-to-left is the digitizer's left-to-right.
    func testAt180TheUsersLeftwardSwipeRunsAlongTheDigitizersXAxisTheOtherWay() throws {
        XCTAssertEqual(try screens(after: Stroke(axis: .x, from: 0.2, to: 0.8), rotation: .clockwise180), forward)
        XCTAssertEqual(try screens(after: Stroke(axis: .x, from: 0.8, to: 0.2), rotation: .clockwise180), [])
        XCTAssertEqual(try screens(after: Stroke(axis: .y, from: 0.8, to: 0.2), rotation: .clockwise180), [])
    }

    /// Turned 270°, the picture's left edge is along the panel's bottom: the user's right-to-left
    /// is the digitizer's top-to-bottom.
    func testAt270TheUsersLeftwardSwipeRunsDownTheDigitizersYAxis() throws {
        XCTAssertEqual(try screens(after: Stroke(axis: .y, from: 0.2, to: 0.8), rotation: .clockwise270), forward)
        XCTAssertEqual(try screens(after: Stroke(axis: .x, from: 0.8, to: 0.2), rotation: .clockwise270), [])
        XCTAssertEqual(try screens(after: Stroke(axis: .x, from: 0.2, to: 0.8), rotation: .clockwise270), [])
    }

    /// `[[input.device]]` rotation describes the digitizer against the native panel: a digitizer
    /// mounted a quarter turn off its panel, on a picture turned the same way, swipes along its own x.
    func testDeviceCalibrationComesBeforeTheDisplayRotation() throws {
        var config = DemoConfiguration.configuration
        config.display.rotation = .clockwise90
        var entry = InputDeviceConfiguration(match: "Landscape Panel")
        entry.rotation = .clockwise90
        config.input.calibrations = [entry]
        let summary = try Simulator(configuration: config, recording: Self.recording(Stroke(axis: .x, from: 0.8, to: 0.2)),
                                    eventsLog: try EventsLog(path: nil)).run()
        XCTAssertEqual(summary.transitions, forward)
    }
}
