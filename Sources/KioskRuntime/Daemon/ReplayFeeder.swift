import KioskEngine
import KioskTouch

/// A recording played in real time as one more touch source: each event becomes due at the start
/// of replay plus its offset in the recording, and its touches are delivered when its timer fires.
final class ReplayFeeder {
    private let events: [RawInputEvent]
    private var decoder: TouchDecoder
    private var next = 0
    private let startTime: Double
    private let clock: any DaemonClock
    private var timer: (any DaemonTimer)?
    private let deliver: ([TouchEvent]) -> Void
    private let warn: (String) -> Void

    /// Plays `recording` from `startTime` on `clock`, mapping its touches onto `surface` and
    /// handing each batch to `deliver`; what the recorded device sent that it should not goes to `warn`.
    init(recording: EvemuRecording, description: InputDeviceDescription, surface: TouchSurface,
         calibration: TouchCalibration, startTime: Double, clock: any DaemonClock,
         warn: @escaping (String) -> Void = { _ in }, deliver: @escaping ([TouchEvent]) -> Void) throws {
        events = recording.replayEvents
        decoder = try TouchDecoder(device: description, surface: surface, calibration: calibration,
                                   firstTouchID: 900_000_001)
        self.startTime = startTime
        self.clock = clock
        self.deliver = deliver
        self.warn = warn
        timer = try clock.makeTimer { [unowned self] in feed() }
        scheduleNext()
    }

    var isFinished: Bool { next >= events.count }

    /// When the next event is due, on the daemon's clock; nil when the recording is over.
    private var nextDueTime: Double? { isFinished ? nil : startTime + events[next].time }

    private func scheduleNext() {
        guard let due = nextDueTime else { return }
        timer?.schedule(at: due)
    }

    private func feed() {
        deliver(touchesDue(at: clock.now))
        scheduleNext()
    }

    /// The touches of every event due by `now`, stamped with their due time.
    private func touchesDue(at now: Double) -> [TouchEvent] {
        var touches: [TouchEvent] = []
        while next < events.count, startTime + events[next].time <= now {
            var event = events[next]
            event.time += startTime
            touches += decoder.feed(event)
            if let warning = decoder.takeContactLimitWarning() { warn(warning) }
            next += 1
        }
        if isFinished {
            // A recording that ends with a finger down must not leave it stuck.
            touches += decoder.cancelAll(time: now)
        }
        return touches
    }
}
