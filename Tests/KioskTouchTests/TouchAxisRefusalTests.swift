import KioskEngine
import XCTest
@testable import KioskTouch

/// A device whose firmware reports an axis no touch can be placed on is refused with its reason.
final class TouchAxisRefusalTests: XCTestCase {
    private typealias C = EvdevCode
    private let surface = TouchSurface(sceneSize: Size(width: 100, height: 100), displayRotation: .none)

    private func device(x: ClosedRange<Int>, slots: (Int32, Int32) = (0, 3)) -> InputDeviceDescription {
        let axes: [UInt16: AbsoluteAxis] = [
            C.ABS_MT_POSITION_X: AbsoluteAxis(code: C.ABS_MT_POSITION_X, minimum: Int32(x.lowerBound), maximum: Int32(x.upperBound)),
            C.ABS_MT_POSITION_Y: AbsoluteAxis(code: C.ABS_MT_POSITION_Y, minimum: 0, maximum: 1000),
            C.ABS_MT_SLOT: AbsoluteAxis(code: C.ABS_MT_SLOT, minimum: slots.0, maximum: slots.1),
        ]
        return InputDeviceDescription(name: "Bad Firmware Panel", properties: [C.INPUT_PROP_DIRECT],
                                      eventCodes: [C.EV_ABS: Set(axes.keys)], absoluteAxes: axes)
    }

    /// An inverted range as a device reports it: minimum 1000, maximum 0.
    private func invertedDevice() -> InputDeviceDescription {
        var description = device(x: 0...1000)
        description.absoluteAxes[C.ABS_MT_POSITION_X]?.minimum = 1000
        description.absoluteAxes[C.ABS_MT_POSITION_X]?.maximum = 0
        return description
    }

    func testAnInvertedRangeIsRefusedNamingTheDeviceAndAxis() {
        XCTAssertThrowsError(try TouchDecoder(device: invertedDevice(), surface: surface)) { error in
            XCTAssertEqual(error as? TouchAxisError,
                           TouchAxisError(device: "Bad Firmware Panel", axis: "ABS_MT_POSITION_X", minimum: 1000, maximum: 0))
            XCTAssertTrue("\(error)".hasPrefix(
                "'Bad Firmware Panel': ABS_MT_POSITION_X reports the range 1000...0, so its minimum is above its maximum"))
        }
    }

    func testAnEqualRangeIsRefused() {
        XCTAssertThrowsError(try TouchDecoder(device: device(x: 500...500), surface: surface)) { error in
            XCTAssertTrue("\(error)".contains("500...500, so it spans no values"), "\(error)")
        }
    }

    func testAnInvertedSlotRangeIsRefused() {
        XCTAssertThrowsError(try TouchDecoder(device: device(x: 0...1000, slots: (3, 0)), surface: surface)) { error in
            XCTAssertEqual((error as? TouchAxisError)?.axis, "ABS_MT_SLOT")
        }
    }

    func testTheConfigsRangeOverridesTheDevicesBrokenOne() throws {
        var decoder = try TouchDecoder(device: invertedDevice(), surface: surface,
                                       calibration: TouchCalibration(xRange: 0...1000))
        let touches = [
            RawInputEvent(time: 0, type: C.EV_ABS, code: C.ABS_MT_TRACKING_ID, value: 1),
            RawInputEvent(time: 0, type: C.EV_ABS, code: C.ABS_MT_POSITION_X, value: 250),
            RawInputEvent(time: 0, type: C.EV_ABS, code: C.ABS_MT_POSITION_Y, value: 500),
            RawInputEvent(time: 0, type: C.EV_SYN, code: C.SYN_REPORT, value: 0),
        ].flatMap { decoder.feed($0) }
        XCTAssertEqual(touches.map(\.location), [Point(x: 25, y: 50)])
    }
}
