import KioskEngine
import KioskTouch

/// A mouse as a one-finger touchscreen: presses, drags and releases become the evdev events a
/// protocol-B panel sends, decoded by the same `TouchDecoder` as a real panel's, so every gesture
/// reaches the engine exactly as a finger's would.
public struct PointerTouchscreen: Sendable {
    /// The virtual device: one slot, axes spanning the scene in whole pixels.
    public let device: InputDeviceDescription
    private var decoder: TouchDecoder
    private var pressed = false
    private var nextTrackingID: Int32 = 1

    /// A touchscreen covering a scene of `size` pixels; positions are given in those pixels.
    public init(size: Size) {
        let width = Int32(max(size.width.rounded(), 1)), height = Int32(max(size.height.rounded(), 1))
        device = InputDeviceDescription(
            name: "SwipeKiosk window pointer",
            properties: [EvdevCode.INPUT_PROP_DIRECT],
            eventCodes: [
                EvdevCode.EV_SYN: [EvdevCode.SYN_REPORT],
                EvdevCode.EV_KEY: [EvdevCode.BTN_TOUCH],
                EvdevCode.EV_ABS: [EvdevCode.ABS_X, EvdevCode.ABS_Y, EvdevCode.ABS_MT_SLOT,
                                   EvdevCode.ABS_MT_POSITION_X, EvdevCode.ABS_MT_POSITION_Y, EvdevCode.ABS_MT_TRACKING_ID],
            ],
            absoluteAxes: [
                EvdevCode.ABS_X: AbsoluteAxis(code: EvdevCode.ABS_X, minimum: 0, maximum: width),
                EvdevCode.ABS_Y: AbsoluteAxis(code: EvdevCode.ABS_Y, minimum: 0, maximum: height),
                EvdevCode.ABS_MT_SLOT: AbsoluteAxis(code: EvdevCode.ABS_MT_SLOT, minimum: 0, maximum: 0),
                EvdevCode.ABS_MT_POSITION_X: AbsoluteAxis(code: EvdevCode.ABS_MT_POSITION_X, minimum: 0, maximum: width),
                EvdevCode.ABS_MT_POSITION_Y: AbsoluteAxis(code: EvdevCode.ABS_MT_POSITION_Y, minimum: 0, maximum: height),
                EvdevCode.ABS_MT_TRACKING_ID: AbsoluteAxis(code: EvdevCode.ABS_MT_TRACKING_ID, minimum: 0, maximum: 65535),
            ])
        // The window maps the mouse into scene pixels itself, so the surface is the unturned scene;
        // the axes above are well formed, so the decoder cannot refuse them.
        decoder = try! TouchDecoder(device: device, surface: TouchSurface(sceneSize: size, displayRotation: .none))
    }

    /// The button went down at `location`: a finger lands.
    public mutating func press(at location: Point, time: Double) -> [TouchEvent] {
        guard !pressed else { return move(to: location, time: time) }
        pressed = true
        let tracking = nextTrackingID
        nextTrackingID = nextTrackingID == 65535 ? 1 : nextTrackingID + 1
        return feed([axis(EvdevCode.ABS_MT_TRACKING_ID, tracking)] + position(location)
                     + [RawInputEvent(time: time, type: EvdevCode.EV_KEY, code: EvdevCode.BTN_TOUCH, value: 1)], time: time)
    }

    /// The pointer moved; only a held button makes it a drag.
    public mutating func move(to location: Point, time: Double) -> [TouchEvent] {
        guard pressed else { return [] }
        return feed(position(location), time: time)
    }

    /// The button came up: the finger lifts where it last was.
    public mutating func release(time: Double) -> [TouchEvent] {
        guard pressed else { return [] }
        pressed = false
        return feed([axis(EvdevCode.ABS_MT_TRACKING_ID, -1),
                     RawInputEvent(time: time, type: EvdevCode.EV_KEY, code: EvdevCode.BTN_TOUCH, value: 0)], time: time)
    }

    private func position(_ location: Point) -> [RawInputEvent] {
        let x = Int32(location.x.rounded()), y = Int32(location.y.rounded())
        return [axis(EvdevCode.ABS_MT_POSITION_X, x), axis(EvdevCode.ABS_MT_POSITION_Y, y),
                axis(EvdevCode.ABS_X, x), axis(EvdevCode.ABS_Y, y)]
    }

    private func axis(_ code: UInt16, _ value: Int32) -> RawInputEvent {
        RawInputEvent(time: 0, type: EvdevCode.EV_ABS, code: code, value: value)
    }

    /// Stamps one frame's events with `time` and ends it with SYN_REPORT, as the kernel does.
    private mutating func feed(_ events: [RawInputEvent], time: Double) -> [TouchEvent] {
        let frame = events.map { RawInputEvent(time: time, type: $0.type, code: $0.code, value: $0.value) }
            + [RawInputEvent(time: time, type: EvdevCode.EV_SYN, code: EvdevCode.SYN_REPORT, value: 0)]
        return frame.flatMap { decoder.feed($0) }
    }
}
