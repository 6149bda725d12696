import Foundation
@testable import KioskRuntime

/// The wall clock in tests: it moves with the manual daemon clock from a chosen date, in a chosen
/// time zone, and `set(to:)` steps it as NTP or `date -s` would.
package final class ManualWallClock: WallClock {
    private let daemonClock: ManualDaemonClock
    private var base: Date
    private var baseMonotonic: Double
    private var changed: () -> Void = {}
    package let calendar: Calendar

    package init(date: Date, timeZone: String, daemonClock: ManualDaemonClock) {
        self.daemonClock = daemonClock
        base = date
        baseMonotonic = daemonClock.now
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: timeZone)!
        self.calendar = calendar
    }

    package var date: Date { base.addingTimeInterval(daemonClock.now - baseMonotonic) }

    package func watchTimeChanges(_ changed: @escaping () -> Void) throws {
        self.changed = changed
    }

    /// Steps the clock to `date` and tells the watcher, as the kernel does on a clock set.
    package func set(to date: Date) {
        base = date
        baseMonotonic = daemonClock.now
        changed()
    }

    /// `text` ("2026-03-28 07:29") as local time in this clock's zone.
    package func local(_ text: String) -> Date {
        Self.local(text, in: calendar.timeZone)
    }

    /// `text` ("2026-03-28 07:29") as local time in `timeZone`.
    package static func local(_ text: String, in timeZone: TimeZone) -> Date {
        let formatter = DateFormatter()
        formatter.timeZone = timeZone
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.date(from: text)!
    }
}
