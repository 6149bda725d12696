import Foundation
import KioskConfig
@testable import KioskRuntime
import KioskTestSupport
import XCTest

/// `[[power.schedule]]` read in local time: weekdays, across midnight, and DST days.
final class PowerTimetableTests: XCTestCase {
    private let berlin = TimeZone(identifier: "Europe/Berlin")!
    private var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = berlin
        return calendar
    }

    private func at(_ text: String) -> Date { ManualWallClock.local(text, in: berlin) }

    private func schedule(_ days: String, _ on: String, _ off: String) -> PowerSchedule {
        PowerSchedule(days: Weekday.parseSet(days)!, on: TimeOfDay(parsing: on)!, off: TimeOfDay(parsing: off)!)
    }

    func testWeekdaysOnly() {
        // 2026-06-05 is a Friday.
        let timetable = PowerTimetable(schedules: [schedule("mon-fri", "07:30", "19:00")])
        XCTAssertFalse(timetable.isLit(at: at("2026-06-05 07:29"), in: calendar))
        XCTAssertTrue(timetable.isLit(at: at("2026-06-05 07:30"), in: calendar))
        XCTAssertTrue(timetable.isLit(at: at("2026-06-05 18:59"), in: calendar))
        XCTAssertFalse(timetable.isLit(at: at("2026-06-05 19:00"), in: calendar))
        XCTAssertFalse(timetable.isLit(at: at("2026-06-06 12:00"), in: calendar), "Saturday")
        XCTAssertEqual(timetable.nextChange(after: at("2026-06-05 12:00"), in: calendar), at("2026-06-05 19:00"))
        // From Friday evening the next change is Monday morning.
        XCTAssertEqual(timetable.nextChange(after: at("2026-06-05 19:00"), in: calendar), at("2026-06-08 07:30"))
    }

    func testAcrossMidnightBelongsToTheDayItStarts() {
        // Friday and Saturday nights, 22:00 to 02:00.
        let timetable = PowerTimetable(schedules: [schedule("fri,sat", "22:00", "02:00")])
        XCTAssertFalse(timetable.isLit(at: at("2026-06-05 21:59"), in: calendar))
        XCTAssertTrue(timetable.isLit(at: at("2026-06-05 23:30"), in: calendar), "Friday night")
        XCTAssertTrue(timetable.isLit(at: at("2026-06-06 01:59"), in: calendar), "Saturday small hours: Friday's")
        XCTAssertFalse(timetable.isLit(at: at("2026-06-06 02:00"), in: calendar))
        XCTAssertTrue(timetable.isLit(at: at("2026-06-07 01:00"), in: calendar), "Sunday small hours: Saturday's")
        XCTAssertFalse(timetable.isLit(at: at("2026-06-08 01:00"), in: calendar), "Monday small hours: nobody's")
        XCTAssertEqual(timetable.nextChange(after: at("2026-06-05 23:00"), in: calendar), at("2026-06-06 02:00"))
        XCTAssertEqual(timetable.nextChange(after: at("2026-06-07 03:00"), in: calendar), at("2026-06-12 22:00"))
    }

    func testSpansThatMeetAreOneLitTime() {
        let timetable = PowerTimetable(schedules: [schedule("daily", "08:00", "12:00"), schedule("daily", "12:00", "18:00")])
        XCTAssertTrue(timetable.isLit(at: at("2026-06-05 12:00"), in: calendar))
        XCTAssertEqual(timetable.nextChange(after: at("2026-06-05 09:00"), in: calendar), at("2026-06-05 18:00"),
                       "12:00 is no change")
    }

    func testSpringForwardKeepsLocalTimes() {
        // 2026-03-29: Berlin goes from 02:00 CET to 03:00 CEST; 07:30 local is 05:30 UTC that day, 06:30 UTC the day before.
        let timetable = PowerTimetable(schedules: [schedule("daily", "07:30", "19:00")])
        let utc = TimeZone(identifier: "UTC")!
        XCTAssertEqual(timetable.nextChange(after: at("2026-03-28 20:00"), in: calendar),
                       ManualWallClock.local("2026-03-29 05:30", in: utc))
        XCTAssertTrue(timetable.isLit(at: ManualWallClock.local("2026-03-29 05:45", in: utc), in: calendar))
        XCTAssertFalse(timetable.isLit(at: ManualWallClock.local("2026-03-28 05:45", in: utc), in: calendar))
        // A night across the change is an hour shorter: 22:00 CET to 06:00 CEST is 7 hours.
        let night = PowerTimetable(schedules: [schedule("sat", "22:00", "06:00")])
        let start = at("2026-03-28 22:00")
        XCTAssertEqual(night.nextChange(after: start, in: calendar)?.timeIntervalSince(start), 7 * 3600)
    }

    func testFallBackKeepsLocalTimes() {
        // 2026-10-25: Berlin goes from 03:00 CEST back to 02:00 CET; a night across it is an hour longer.
        let night = PowerTimetable(schedules: [schedule("sat", "22:00", "06:00")])
        let start = at("2026-10-24 22:00")
        XCTAssertEqual(night.nextChange(after: start, in: calendar)?.timeIntervalSince(start), 9 * 3600)
    }

    func testNoScheduleIsAlwaysLit() {
        let timetable = PowerTimetable(schedules: [])
        XCTAssertTrue(timetable.isLit(at: at("2026-06-05 03:00"), in: calendar))
        XCTAssertNil(timetable.nextChange(after: at("2026-06-05 03:00"), in: calendar))
    }
}
