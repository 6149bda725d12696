import Foundation
import KioskConfig

/// Every `[[power.schedule]]` together, read in local time: whether the panel may be lit at an
/// instant and when that next changes. Times are wall-clock times in the calendar's zone, so a DST
/// day is an hour shorter or longer and "07:30" stays 07:30.
struct PowerTimetable: Equatable {
    var schedules: [PowerSchedule]

    /// True when there is no schedule: always lit.
    var isAlwaysLit: Bool { schedules.isEmpty }

    /// True when some schedule holds the panel lit at `date`.
    func isLit(at date: Date, in calendar: Calendar) -> Bool {
        guard !isAlwaysLit else { return true }
        return litSpans(around: date, in: calendar).contains { $0.contains(date) }
    }

    /// The first instant after `date` at which `isLit` changes; nil when it never does.
    func nextChange(after date: Date, in calendar: Calendar) -> Date? {
        guard !isAlwaysLit else { return nil }
        let litNow = isLit(at: date, in: calendar)
        let spans = litSpans(around: date, in: calendar, daysAhead: 8)
        let boundaries = Set(spans.flatMap { [$0.lowerBound, $0.upperBound] }).filter { $0 > date }.sorted()
        return boundaries.first { isLit(at: $0, in: calendar) != litNow }
    }

    /// The lit spans starting from the day before `date` to `daysAhead` days after it.
    private func litSpans(around date: Date, in calendar: Calendar, daysAhead: Int = 1) -> [Range<Date>] {
        let today = calendar.startOfDay(for: date)
        var spans: [Range<Date>] = []
        for offset in -1...daysAhead {
            guard let day = calendar.date(byAdding: .day, value: offset, to: today),
                  let weekday = Weekday(rawValue: calendar.component(.weekday, from: day)) else { continue }
            for schedule in schedules where schedule.days.contains(weekday) {
                guard let start = Self.instant(schedule.on, on: day, in: calendar),
                      let endDay = schedule.crossesMidnight ? calendar.date(byAdding: .day, value: 1, to: day) : day,
                      let end = Self.instant(schedule.off, on: endDay, in: calendar), start < end else { continue }
                spans.append(start..<end)
            }
        }
        return spans
    }

    /// `time` on the day starting at `day`; a time the DST change skips becomes the first one after it.
    private static func instant(_ time: TimeOfDay, on day: Date, in calendar: Calendar) -> Date? {
        calendar.date(bySettingHour: time.hour, minute: time.minute, second: 0, of: day,
                      matchingPolicy: .nextTime, repeatedTimePolicy: .first, direction: .forward)
    }
}
