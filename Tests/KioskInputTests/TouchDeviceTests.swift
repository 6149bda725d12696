import KioskTouch
import XCTest
import KioskEngine
@testable import KioskInput

/// A 0...1000 panel with 4 slots; on a 100x100 display raw values map to pixels by dividing by 10.
func testPanel(name: String = "Test Panel", touch: Bool = true) -> InputDeviceDescription {
    typealias C = EvdevCode
    guard touch else {
        return InputDeviceDescription(name: name, eventCodes: [C.EV_SYN: [], C.EV_KEY: [30, 31]])
    }
    let codes: [UInt16] = [C.ABS_X, C.ABS_Y, C.ABS_MT_SLOT, C.ABS_MT_POSITION_X, C.ABS_MT_POSITION_Y, C.ABS_MT_TRACKING_ID]
    var axes = Dictionary(uniqueKeysWithValues: codes.map { ($0, AbsoluteAxis(code: $0, minimum: 0, maximum: 1000)) })
    axes[C.ABS_MT_SLOT]?.maximum = 3
    axes[C.ABS_MT_TRACKING_ID]?.maximum = 65535
    return InputDeviceDescription(name: name, bus: 3, vendor: 0x56a, product: 0xe6, properties: [C.INPUT_PROP_DIRECT],
                                  eventCodes: [C.EV_SYN: [], C.EV_KEY: [C.BTN_TOUCH], C.EV_ABS: Set(codes)],
                                  absoluteAxes: axes)
}

/// Builds the events of one frame for slot-based panels.
struct FrameBuilder {
    var time: Double
    var events: [RawInputEvent] = []

    init(time: Double) { self.time = time }

    func abs(_ code: UInt16, _ value: Int32) -> FrameBuilder {
        var copy = self
        copy.events.append(RawInputEvent(time: time, type: EvdevCode.EV_ABS, code: code, value: value))
        return copy
    }

    func syn(_ code: UInt16 = EvdevCode.SYN_REPORT) -> [RawInputEvent] {
        events + [RawInputEvent(time: time, type: EvdevCode.EV_SYN, code: code, value: 0)]
    }
}

final class TouchDeviceTests: XCTestCase {
    private typealias C = EvdevCode
    private let display = Size(width: 100, height: 100)
    private var surface: TouchSurface { TouchSurface(sceneSize: display, displayRotation: .none) }

    func testSynDroppedResynchronisesWithoutPhantomOrStuckTouches() throws {
        let source = PipeEvdevSource(path: "/dev/input/event3", description: testPanel())
        let device = try TouchDevice(source: source, settings: TouchDeviceSettings(), surface: surface)
        source.send(FrameBuilder(time: 1).abs(C.ABS_MT_SLOT, 0).abs(C.ABS_MT_TRACKING_ID, 40)
            .abs(C.ABS_MT_POSITION_X, 100).abs(C.ABS_MT_POSITION_Y, 100).abs(C.ABS_MT_SLOT, 1)
            .abs(C.ABS_MT_TRACKING_ID, 41).abs(C.ABS_MT_POSITION_X, 500).abs(C.ABS_MT_POSITION_Y, 500).syn())
        XCTAssertEqual(device.readAvailable(now: { 0 }).touches.map(\.phase), [.began, .began])

        // The buffer overflowed: slot 1 lifted and slot 0 moved meanwhile; half a frame survived.
        source.stateAfterDrop = TouchDeviceState(slots: [.init(trackingID: 40, x: 300, y: 100), .init(trackingID: -1, x: 500, y: 500),
                                                         .init(trackingID: -1, x: 0, y: 0), .init(trackingID: -1, x: 0, y: 0)],
                                                 currentSlot: 0)
        source.send([RawInputEvent(time: 2, type: C.EV_SYN, code: C.SYN_DROPPED, value: 0)]
                    + FrameBuilder(time: 2).abs(C.ABS_MT_TRACKING_ID, 99).abs(C.ABS_MT_POSITION_X, 900).syn())
        XCTAssertEqual(device.readAvailable(now: { 0 }).touches, [
            TouchEvent(id: 1, phase: .moved, location: Point(x: 30, y: 10), time: 2),
            TouchEvent(id: 2, phase: .cancelled, location: Point(x: 50, y: 50), time: 2),
        ])
        source.send(FrameBuilder(time: 3).abs(C.ABS_MT_TRACKING_ID, -1).syn())
        XCTAssertEqual(device.readAvailable(now: { 0 }).touches,
                       [TouchEvent(id: 1, phase: .ended, location: Point(x: 30, y: 10), time: 3)])
        XCTAssertEqual(device.decoder.activeTouchIDs, [])
    }

    func testUnpluggedDeviceCancelsItsTouchesAtTheInputClock() throws {
        let source = PipeEvdevSource(path: "/dev/input/event3", description: testPanel())
        let device = try TouchDevice(source: source, settings: TouchDeviceSettings(), surface: surface)
        source.send(FrameBuilder(time: 5).abs(C.ABS_MT_TRACKING_ID, 1).abs(C.ABS_MT_POSITION_X, 200)
            .abs(C.ABS_MT_POSITION_Y, 300).syn())
        source.send(FrameBuilder(time: 5.01).abs(C.ABS_MT_POSITION_X, 250).syn())
        source.unplug()
        let reading = device.readAvailable(now: { 7.5 })
        XCTAssertTrue(reading.removed)
        XCTAssertEqual(reading.touches.map(\.phase), [.began, .moved, .cancelled])
        XCTAssertEqual(reading.touches.last, TouchEvent(id: 1, phase: .cancelled, location: Point(x: 25, y: 30), time: 7.5))
    }

    func testEachCalibrationOptionAppliesToLiveEvents() throws {
        let cases: [(TouchCalibration, Point)] = [
            (.identity, Point(x: 20, y: 10)),
            (TouchCalibration(rotation: .clockwise90), Point(x: 90, y: 20)),
            (TouchCalibration(rotation: .clockwise180), Point(x: 80, y: 90)),
            (TouchCalibration(rotation: .clockwise270), Point(x: 10, y: 80)),
            (TouchCalibration(swapXY: true), Point(x: 10, y: 20)),
            (TouchCalibration(invertX: true), Point(x: 80, y: 10)),
            (TouchCalibration(invertY: true), Point(x: 20, y: 90)),
            (TouchCalibration(xRange: 100...300, yRange: 0...200), Point(x: 50, y: 50)),
            (TouchCalibration(matrix: [0.5, 0, 0.25, 0, 2, 0]), Point(x: 35, y: 20)),
            (TouchCalibration(rotation: .clockwise90, invertX: true), Point(x: 90, y: 80)),
        ]
        for (calibration, expected) in cases {
            let source = PipeEvdevSource(path: "/dev/input/event3", description: testPanel())
            let device = try TouchDevice(source: source, settings: TouchDeviceSettings(calibration: calibration), surface: surface)
            source.send(FrameBuilder(time: 1).abs(C.ABS_MT_TRACKING_ID, 1).abs(C.ABS_MT_POSITION_X, 200)
                .abs(C.ABS_MT_POSITION_Y, 100).syn())
            XCTAssertEqual(device.readAvailable(now: { 0 }).touches.first?.location, expected, "\(calibration)")
        }
    }

    func testPermissionErrorNamesTheDeviceAndTheInputGroup() throws {
        let error = TouchDeviceError.opening("/dev/input/event4", errno: EACCES)
        XCTAssertEqual(error.kind, .permissionDenied)
        XCTAssertTrue(error.description.hasPrefix("/dev/input/event4: permission denied"), error.description)
        XCTAssertTrue(error.description.contains("'input' group"), error.description)
    }

    func testOpeningAMissingNodeThroughLibevdevFailsWithANamedError() throws {
        XCTAssertThrowsError(try LibevdevDevice(path: "/nonexistent/event0")) { error in
            XCTAssertEqual((error as? TouchDeviceError)?.kind, .notFound)
        }
        // /dev/null opens but answers no evdev ioctl.
        XCTAssertThrowsError(try LibevdevDevice(path: "/dev/null")) { error in
            XCTAssertEqual((error as? TouchDeviceError)?.kind, .notAnEvdevDevice)
        }
    }
}
