import XCTest
import KioskEngine
@testable import KioskTouch

final class TouchDecoderTests: XCTestCase {
    private typealias C = EvdevCode

    /// A 0...1000 panel on a 100x100 display: raw values map to pixels by dividing by 10.
    private func device(_ kind: InputDeviceDescription.TouchProtocol, slots: Int32 = 4) -> InputDeviceDescription {
        var abs: [UInt16: AbsoluteAxis] = [
            C.ABS_X: AbsoluteAxis(code: C.ABS_X, minimum: 0, maximum: 1000),
            C.ABS_Y: AbsoluteAxis(code: C.ABS_Y, minimum: 0, maximum: 1000),
        ]
        if kind != .singleTouch {
            abs[C.ABS_MT_POSITION_X] = AbsoluteAxis(code: C.ABS_MT_POSITION_X, minimum: 0, maximum: 1000)
            abs[C.ABS_MT_POSITION_Y] = AbsoluteAxis(code: C.ABS_MT_POSITION_Y, minimum: 0, maximum: 1000)
        }
        if kind == .multitouchSlots {
            abs[C.ABS_MT_SLOT] = AbsoluteAxis(code: C.ABS_MT_SLOT, minimum: 0, maximum: slots - 1)
            abs[C.ABS_MT_TRACKING_ID] = AbsoluteAxis(code: C.ABS_MT_TRACKING_ID, minimum: 0, maximum: 65535)
        }
        return InputDeviceDescription(name: "test panel", properties: [C.INPUT_PROP_DIRECT],
                                      eventCodes: [C.EV_SYN: [], C.EV_KEY: [C.BTN_TOUCH], C.EV_ABS: Set(abs.keys)],
                                      absoluteAxes: abs)
    }

    private func decoder(_ kind: InputDeviceDescription.TouchProtocol,
                         calibration: TouchCalibration = .identity, rotation: Rotation = .none) throws -> TouchDecoder {
        try TouchDecoder(device: device(kind), surface: TouchSurface(sceneSize: Size(width: 100, height: 100), displayRotation: rotation),
                         calibration: calibration)
    }

    private func abs(_ code: UInt16, _ value: Int32, _ time: Double = 0) -> RawInputEvent {
        RawInputEvent(time: time, type: C.EV_ABS, code: code, value: value)
    }
    private func key(_ code: UInt16, _ value: Int32, _ time: Double = 0) -> RawInputEvent {
        RawInputEvent(time: time, type: C.EV_KEY, code: code, value: value)
    }
    private func syn(_ code: UInt16 = C.SYN_REPORT, _ time: Double = 0) -> RawInputEvent {
        RawInputEvent(time: time, type: C.EV_SYN, code: code, value: 0)
    }

    private func feed(_ decoder: inout TouchDecoder, _ events: [RawInputEvent]) -> [TouchEvent] {
        events.flatMap { decoder.feed($0) }
    }

    func testSlotsEmitBeganMovedEndedAtReportWithKernelTime() throws {
        var d = try decoder(.multitouchSlots)
        XCTAssertEqual(d.feed(abs(C.ABS_MT_TRACKING_ID, 7)), [])
        XCTAssertEqual(d.feed(abs(C.ABS_MT_POSITION_X, 250)), [])
        XCTAssertEqual(d.feed(abs(C.ABS_MT_POSITION_Y, 500)), [])
        XCTAssertEqual(d.feed(syn(C.SYN_REPORT, 1.5)),
                       [TouchEvent(id: 1, phase: .began, location: Point(x: 25, y: 50), time: 1.5)])
        XCTAssertEqual(feed(&d, [abs(C.ABS_MT_POSITION_X, 300), syn(C.SYN_REPORT, 1.51)]),
                       [TouchEvent(id: 1, phase: .moved, location: Point(x: 30, y: 50), time: 1.51)])
        XCTAssertEqual(feed(&d, [abs(C.ABS_MT_TRACKING_ID, -1), syn(C.SYN_REPORT, 1.52)]),
                       [TouchEvent(id: 1, phase: .ended, location: Point(x: 30, y: 50), time: 1.52)])
        XCTAssertEqual(d.activeTouchIDs, [])
    }

    func testTwoSlotsAreTwoTouchesAndAReusedSlotIsANewTouch() throws {
        var d = try decoder(.multitouchSlots)
        let began = feed(&d, [abs(C.ABS_MT_SLOT, 0), abs(C.ABS_MT_TRACKING_ID, 1), abs(C.ABS_MT_POSITION_X, 100),
                              abs(C.ABS_MT_POSITION_Y, 100), abs(C.ABS_MT_SLOT, 1), abs(C.ABS_MT_TRACKING_ID, 2),
                              abs(C.ABS_MT_POSITION_X, 900), abs(C.ABS_MT_POSITION_Y, 900), syn()])
        XCTAssertEqual(began.map(\.phase), [.began, .began])
        XCTAssertEqual(began.map(\.location), [Point(x: 10, y: 10), Point(x: 90, y: 90)])
        // Slot 1 is still current; its finger lifts and a new one lands in the same frame.
        let replaced = feed(&d, [abs(C.ABS_MT_TRACKING_ID, -1), abs(C.ABS_MT_TRACKING_ID, 3),
                                 abs(C.ABS_MT_POSITION_X, 500), syn()])
        XCTAssertEqual(replaced.map(\.phase), [.ended, .began])
        XCTAssertEqual(replaced.map(\.id), [2, 3])
        XCTAssertEqual(replaced[1].location, Point(x: 50, y: 90))
        XCTAssertEqual(d.activeTouchIDs, [1, 3])
    }

    func testSynDroppedIgnoresEventsUntilReportThenReconcilesWithoutPhantoms() throws {
        var d = try decoder(.multitouchSlots)
        _ = feed(&d, [abs(C.ABS_MT_SLOT, 0), abs(C.ABS_MT_TRACKING_ID, 10), abs(C.ABS_MT_POSITION_X, 100),
                      abs(C.ABS_MT_POSITION_Y, 100), abs(C.ABS_MT_SLOT, 1), abs(C.ABS_MT_TRACKING_ID, 11),
                      abs(C.ABS_MT_POSITION_X, 200), abs(C.ABS_MT_POSITION_Y, 200), syn()])
        let dropped = feed(&d, [syn(C.SYN_DROPPED, 2), abs(C.ABS_MT_TRACKING_ID, -1),
                                abs(C.ABS_MT_POSITION_X, 700), syn(C.SYN_REPORT, 2)])
        XCTAssertEqual(dropped, [])
        XCTAssertFalse(d.isDroppingEvents)
        // Device now: slot 0 moved, slot 1's finger lifted, slot 2 holds a new finger.
        let state = TouchDeviceState(slots: [.init(trackingID: 10, x: 150, y: 100), .init(trackingID: -1, x: 200, y: 200),
                                             .init(trackingID: 12, x: 800, y: 800), .init(trackingID: -1, x: 0, y: 0)],
                                     currentSlot: 2)
        let reconciled = d.reconcile(with: state, time: 3)
        XCTAssertEqual(reconciled, [
            TouchEvent(id: 1, phase: .moved, location: Point(x: 15, y: 10), time: 3),
            TouchEvent(id: 2, phase: .cancelled, location: Point(x: 20, y: 20), time: 3),
            TouchEvent(id: 3, phase: .began, location: Point(x: 80, y: 80), time: 3),
        ])
        XCTAssertEqual(d.activeTouchIDs, [1, 3])
        // The current slot came from the device: the next event lands in slot 2.
        XCTAssertEqual(feed(&d, [abs(C.ABS_MT_TRACKING_ID, -1), syn(C.SYN_REPORT, 4)]).map(\.id), [3])
    }

    func testCancelAllEndsEveryLiveTouchAsCancelled() throws {
        var d = try decoder(.multitouchSlots)
        _ = feed(&d, [abs(C.ABS_MT_TRACKING_ID, 1), abs(C.ABS_MT_POSITION_X, 400), abs(C.ABS_MT_POSITION_Y, 600), syn()])
        XCTAssertEqual(d.cancelAll(time: 9),
                       [TouchEvent(id: 1, phase: .cancelled, location: Point(x: 40, y: 60), time: 9)])
        XCTAssertEqual(d.activeTouchIDs, [])
        XCTAssertEqual(d.cancelAll(time: 10), [])
    }

    func testProtocolAMatchesContactsByNearestPositionAndEmptyFrameEndsAll() throws {
        var d = try decoder(.multitouchAnonymous)
        let contact = { (x: Int32, y: Int32) in
            [self.abs(C.ABS_MT_POSITION_X, x), self.abs(C.ABS_MT_POSITION_Y, y), self.syn(C.SYN_MT_REPORT)]
        }
        let began = feed(&d, contact(100, 100) + contact(900, 900) + [syn()])
        XCTAssertEqual(began.map(\.phase), [.began, .began])
        // Reported in the other order: nearest position keeps each id on its finger.
        let moved = feed(&d, contact(880, 900) + contact(120, 100) + [syn()])
        XCTAssertEqual(moved.count, 2)
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: moved.map { ($0.id, $0.location) }),
                       [1: Point(x: 12, y: 10), 2: Point(x: 88, y: 90)])
        let ended = feed(&d, [key(C.BTN_TOUCH, 0), syn()])
        XCTAssertEqual(Set(ended.map(\.id)), [1, 2])
        XCTAssertEqual(Set(ended.map(\.phase)), [.ended])
    }

    func testAFirstTouchAtTheLastPositionsXLandsThereOnceSeeded() throws {
        // The kernel held x = 250 when the device was opened, so a new contact there sends only y.
        var d = try decoder(.multitouchSlots)
        d.seedPositions(from: TouchDeviceState(slots: [TouchDeviceState.Slot(trackingID: -1, x: 250, y: 900)], x: 250, y: 900))
        XCTAssertEqual(feed(&d, [abs(C.ABS_MT_TRACKING_ID, 7), abs(C.ABS_MT_POSITION_Y, 500), key(C.BTN_TOUCH, 1), syn(C.SYN_REPORT, 1)]),
                       [TouchEvent(id: 1, phase: .began, location: Point(x: 25, y: 50), time: 1)])
        var single = try decoder(.singleTouch)
        single.seedPositions(from: TouchDeviceState(touching: false, x: 250, y: 900))
        XCTAssertEqual(feed(&single, [abs(C.ABS_Y, 500), key(C.BTN_TOUCH, 1), syn(C.SYN_REPORT, 1)]),
                       [TouchEvent(id: 1, phase: .began, location: Point(x: 25, y: 50), time: 1)])
    }

    func testSingleTouchFollowsBtnTouch() throws {
        var d = try decoder(.singleTouch)
        XCTAssertEqual(feed(&d, [abs(C.ABS_X, 500), abs(C.ABS_Y, 250), key(C.BTN_TOUCH, 1), syn(C.SYN_REPORT, 1)]),
                       [TouchEvent(id: 1, phase: .began, location: Point(x: 50, y: 25), time: 1)])
        XCTAssertEqual(feed(&d, [abs(C.ABS_Y, 300), syn(C.SYN_REPORT, 2)]).map(\.phase), [.moved])
        XCTAssertEqual(feed(&d, [key(C.BTN_TOUCH, 0), syn(C.SYN_REPORT, 3)]),
                       [TouchEvent(id: 1, phase: .ended, location: Point(x: 50, y: 30), time: 3)])
    }

    /// Where raw (200, 100) on the 0...1000 panel lands on the 100x100 display.
    private func mapped(_ calibration: TouchCalibration, displayRotation: Rotation = .none) throws -> Point {
        var d = try decoder(.singleTouch, calibration: calibration, rotation: displayRotation)
        return feed(&d, [abs(C.ABS_X, 200), abs(C.ABS_Y, 100), key(C.BTN_TOUCH, 1), syn()]).first!.location
    }

    func testCalibrationOptionsMoveThePointAsDocumented() throws {
        XCTAssertEqual(try mapped(.identity), Point(x: 20, y: 10))
        XCTAssertEqual(try mapped(TouchCalibration(swapXY: true)), Point(x: 10, y: 20))
        XCTAssertEqual(try mapped(TouchCalibration(invertX: true)), Point(x: 80, y: 10))
        XCTAssertEqual(try mapped(TouchCalibration(invertY: true)), Point(x: 20, y: 90))
        XCTAssertEqual(try mapped(TouchCalibration(rotation: .clockwise90)), Point(x: 90, y: 20))
        XCTAssertEqual(try mapped(TouchCalibration(rotation: .clockwise180)), Point(x: 80, y: 90))
        XCTAssertEqual(try mapped(TouchCalibration(rotation: .clockwise270)), Point(x: 10, y: 80))
        XCTAssertEqual(try mapped(TouchCalibration(xRange: 100...300, yRange: 100...600)), Point(x: 50, y: 0))
        XCTAssertEqual(try mapped(TouchCalibration(matrix: [0.5, 0, 0.25, 0, 2, 0])), Point(x: 35, y: 20))
    }

    /// The picture is turned clockwise on the panel, so a point near the panel's top-left corner
    /// is near the scene's bottom-left at 90, bottom-right at 180 and top-right at 270.
    func testDisplayRotationTurnsPanelPointsIntoTheScene() throws {
        XCTAssertEqual(try mapped(.identity, displayRotation: .clockwise90), Point(x: 10, y: 80))
        XCTAssertEqual(try mapped(.identity, displayRotation: .clockwise180), Point(x: 80, y: 90))
        XCTAssertEqual(try mapped(.identity, displayRotation: .clockwise270), Point(x: 90, y: 20))
    }

    /// Calibration describes the digitizer against the native panel, before the display's turn:
    /// a digitizer mounted a quarter-turn off a panel whose picture is turned the same way cancels out.
    func testCalibrationAppliesBeforeTheDisplayRotation() throws {
        let turnedTwice = try mapped(TouchCalibration(rotation: .clockwise90), displayRotation: .clockwise90)
        XCTAssertEqual(turnedTwice.x, 20, accuracy: 1e-9)
        XCTAssertEqual(turnedTwice.y, 10, accuracy: 1e-9)
        XCTAssertEqual(try mapped(TouchCalibration(swapXY: true), displayRotation: .clockwise90), Point(x: 20, y: 90))
    }
}
