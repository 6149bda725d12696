import KioskEngine
import KioskTouch

/// Plays a recording in real time: each event becomes due at the daemon's start of replay plus
/// its offset in the recording, and is decoded into touches the moment its timer fires.
final class ReplayFeeder {
    private let events: [RawInputEvent]
    private var decoder: TouchDecoder
    private var next = 0
    private let startTime: Double

    init(recording: EvemuRecording, description: InputDeviceDescription, surface: TouchSurface,
         calibration: TouchCalibration, startTime: Double) throws(TouchAxisError) {
        let first = recording.events.first?.time ?? 0
        events = recording.events.map { RawInputEvent(time: $0.time - first, type: $0.type, code: $0.code, value: $0.value) }
        decoder = try TouchDecoder(device: description, surface: surface, calibration: calibration,
                                   firstTouchID: 900_000_001)
        self.startTime = startTime
    }

    var isFinished: Bool { next >= events.count }

    /// When the next event is due, on the monotonic clock; nil when the recording is over.
    var nextDueTime: Double? { isFinished ? nil : startTime + events[next].time }

    /// The touches of every event due by `now`, stamped with their due time.
    func touchesDue(at now: Double) -> [TouchEvent] {
        var touches: [TouchEvent] = []
        while next < events.count, startTime + events[next].time <= now {
            var event = events[next]
            event.time += startTime
            touches += decoder.feed(event)
            next += 1
        }
        if isFinished {
            // A recording that ends with a finger down must not leave it stuck.
            touches += decoder.cancelAll(time: now)
        }
        return touches
    }
}
