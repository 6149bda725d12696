import Foundation
import Glibc

/// `source = "clock"`: the local time through strftime, recomputed exactly at the wall-clock
/// second (or minute, for a format without seconds) where its text can change.
final class ClockFeed: ValueFeed {
    private let format: String
    /// Seconds between possible changes of the text (`ClockFeed.step(of:)`).
    private let step: Double
    private let wallClock: any WallClock
    private let clock: any DaemonClock
    private let set: (String) -> Void
    private var timer: (any DaemonTimer)?

    /// Starts at once with the time `wallClock` gives.
    init(format: String, wallClock: any WallClock, clock: any DaemonClock, set: @escaping (String) -> Void) throws {
        self.format = format
        step = Self.step(of: format)
        self.wallClock = wallClock
        self.clock = clock
        self.set = set
        timer = try clock.makeTimer { [unowned self] in tick() }
        tick()
    }

    deinit { timer?.cancel() }

    /// Seconds between possible changes of `format`'s text: a format that shows seconds changes
    /// every second, any other at most every minute.
    static func step(of format: String) -> Double {
        let secondsConversions: Set<Character> = ["S", "s", "T", "r", "X", "c", "+"]
        var showsSeconds = false
        var afterPercent = false
        for character in format {
            if afterPercent {
                if secondsConversions.contains(character) { showsSeconds = true }
                // Modifiers (%E, %O, flags, widths) come before the conversion letter.
                afterPercent = character == "E" || character == "O" || character == "-" || character == "_"
                    || character == "0" || character == "^" || character == "#" || character.isNumber
            } else {
                afterPercent = character == "%"
            }
        }
        return showsSeconds ? 1 : 60
    }

    /// A step of the wall clock (NTP at boot moves it by years) shows at once, and the next
    /// boundary is worked out from the new time.
    func wallClockWasSet() {
        tick()
    }

    private func tick() {
        let now = wallClock.date.timeIntervalSince1970
        set(Self.format(format, at: now))
        // The next boundary on the wall clock, a hair late so the text has surely turned.
        let wait = step - now.truncatingRemainder(dividingBy: step) + 0.001
        timer?.schedule(at: clock.now + wait)
    }

    /// `time` (seconds since the epoch) in local time through strftime.
    static func format(_ format: String, at time: Double) -> String {
        var seconds = time_t(time.rounded(.down))
        var parts = tm()
        localtime_r(&seconds, &parts)
        var buffer = [CChar](repeating: 0, count: 256)
        let count = strftime(&buffer, buffer.count, format, &parts)
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
