import XCTest
@testable import KioskConfig

/// `[power]`: backlight, dimming, blanking, schedules, and the deprecated `[idle] blank-after`.
final class PowerConfigTests: XCTestCase {
    func testDefaults() throws {
        let power = try XCTUnwrap(loadValid("")).power
        XCTAssertEqual(power.backlight, .automatic)
        XCTAssertEqual(power.brightness, 1)
        XCTAssertEqual(power.dimAfter, 0)
        XCTAssertEqual(power.dimBrightness, 0.2)
        XCTAssertEqual(power.blankAfter, 0)
        XCTAssertEqual(power.blankMethod, .auto)
        XCTAssertEqual(power.wakeFor, 30)
        XCTAssertEqual(power.schedule, [])
    }

    func testEverySettingReads() throws {
        let configuration = try XCTUnwrap(loadValid("""
            [power]
            backlight = "/sys/class/backlight/intel_backlight"
            brightness = 0.8
            dim-after = 60
            dim-brightness = 0.1
            blank-after = 300
            blank-method = "backlight"
            wake-for = 45
            [[power.schedule]]
            days = "mon-fri"
            on = "07:30"
            off = "19:00"
            [[power.schedule]]
            days = "sat,sun"
            on = "22:00"
            off = "2:00"
            """))
        let power = configuration.power
        XCTAssertEqual(power.backlight, .folder("/sys/class/backlight/intel_backlight"))
        XCTAssertEqual(power.brightness, 0.8)
        XCTAssertEqual(power.dimAfter, 60)
        XCTAssertEqual(power.dimBrightness, 0.1)
        XCTAssertEqual(power.blankAfter, 300)
        XCTAssertEqual(power.blankMethod, .backlight)
        XCTAssertEqual(power.wakeFor, 45)
        XCTAssertEqual(power.schedule, [
            PowerSchedule(days: [.monday, .tuesday, .wednesday, .thursday, .friday],
                          on: TimeOfDay(hour: 7, minute: 30), off: TimeOfDay(hour: 19, minute: 0)),
            PowerSchedule(days: [.saturday, .sunday], on: TimeOfDay(hour: 22, minute: 0), off: TimeOfDay(hour: 2, minute: 0)),
        ])
        XCTAssertTrue(power.schedule[1].crossesMidnight)
        XCTAssertEqual(configuration.warnings, [])
        XCTAssertEqual(try XCTUnwrap(loadValid("[power]\nbacklight = \"none\"\n")).power.backlight, BacklightSelection.none)
    }

    func testDaysReadRangesListsWrapsAndDaily() {
        XCTAssertEqual(Weekday.parseSet("daily"), Set(Weekday.allCases))
        XCTAssertEqual(Weekday.parseSet("fri-mon"), [.friday, .saturday, .sunday, .monday])
        XCTAssertEqual(Weekday.parseSet("mon, wed-thu"), [.monday, .wednesday, .thursday])
        XCTAssertEqual(Weekday.parseSet("sun"), [.sunday])
        XCTAssertNil(Weekday.parseSet("monday"))
        XCTAssertNil(Weekday.parseSet("mon-"))
        XCTAssertNil(Weekday.parseSet(""))
    }

    func testTheDeprecatedIdleBlankAfterStillWorksWithAWarning() throws {
        let configuration = try XCTUnwrap(loadValid("""
            [idle]
            return-home-after = 20
            blank-after = 120
            """))
        XCTAssertEqual(configuration.power.blankAfter, 120)
        XCTAssertEqual(configuration.idle.returnHomeAfter, 20)
        XCTAssertEqual(configuration.warnings.map(\.description),
                       ["kiosk.toml:3:1: [idle] blank-after is deprecated: move it to [power] blank-after"])
    }

    func testPowerBlankAfterWinsOverTheDeprecatedOne() throws {
        let configuration = try XCTUnwrap(loadValid("""
            [idle]
            blank-after = 120
            [power]
            blank-after = 60
            """))
        XCTAssertEqual(configuration.power.blankAfter, 60)
        XCTAssertEqual(configuration.warnings.map(\.message),
                       ["[idle] blank-after is deprecated: move it to [power] blank-after; [power] blank-after is set and wins"])
    }

    func testCheckConfigPrintsTheWarningUnderItsSummary() throws {
        let path = try temporaryFile("[idle]\nblank-after = 30\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let check = ConfigurationCheck(path: path)
        XCTAssertTrue(check.isValid)
        let lines = check.report.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2)
        XCTAssertEqual(lines.last, "warning: \(path):2:1: [idle] blank-after is deprecated: move it to [power] blank-after")
    }

    func testBadValuesAreReportedWithLineAndColumn() {
        let found = diagnostics("""
            [power]
            backlight = "intel_backlight"
            brightness = 1.5
            blank-method = "off"
            wake-for = 0
            [[power.schedule]]
            days = "weekdays"
            on = "25:00"
            [[power.schedule]]
            days = "daily"
            on = "07:00"
            off = "19:00"
            dim = 3
            """)
        XCTAssertEqual(found, [
            "kiosk.toml:2:13: power.backlight: expected \"auto\", \"none\" or a folder such as /sys/class/backlight/NAME, found \"intel_backlight\"",
            "kiosk.toml:3:14: power.brightness: 1.5 is out of range; allowed 0...1",
            "kiosk.toml:4:16: power.blank-method: \"off\" is not one of \"auto\", \"dpms\", \"backlight\" or \"black\"",
            "kiosk.toml:5:12: power.wake-for: 0 is out of range; allowed 1...86400",
            "kiosk.toml:6:1: [power.schedule] needs 'off'",
            "kiosk.toml:7:8: power.schedule.days: expected days such as \"mon-fri\", \"sat,sun\" or \"daily\", found \"weekdays\"",
            "kiosk.toml:8:6: power.schedule.on: expected a time \"HH:MM\", found \"25:00\"",
            "kiosk.toml:13:1: unknown key 'dim' in [power.schedule]; valid keys: days, on, off",
        ])
    }
}
