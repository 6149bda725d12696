import Foundation
import KioskConfig
import KioskDisplay
import KioskEngine
@testable import KioskRuntime
import KioskTestSupport
import XCTest

/// `[power]` in a whole daemon on a manual clock, with a backlight folder of sysfs files and a
/// fake camera: dimming, going dark, waking without acting, the camera resting while dark,
/// schedules across a DST change, and clock steps.
final class PowerDaemonTests: XCTestCase {
    private static func config(backlight: String, power: String) -> String {
        """
        home = "home"
        [display]
        backend = "headless"
        size = "320x200"
        [camera]
        source = "pattern"
        [transition]
        style = "slide"
        duration = 0.3
        [power]
        backlight = "\(backlight)"
        \(power)
        [[screen]]
        name = "home"
        background = "#102030"
        [[screen]]
        name = "second"
        background = "#d01010"
        """
    }

    /// Lit every day from 07:30 to 19:00.
    private static let daytime = """
        [[power.schedule]]
        days = "daily"
        on = "07:30"
        off = "19:00"
        """

    private func advance(_ kiosk: DaemonHarness, by seconds: Double) {
        kiosk.clock.advance(to: kiosk.clock.now + seconds)
        kiosk.settle()
    }

    func testAReloadThatNamesAnotherBacklightKeepsTheOneThatOpenedAndSaysARestartIsNeeded() throws {
        let opened = try BacklightFolder(max: 100, level: 100)
        let other = try BacklightFolder(max: 100, level: 100)
        let kiosk = try DaemonHarness(config: Self.config(backlight: opened.path, power: "brightness = 1"))
        kiosk.settle()
        try kiosk.rewriteConfig(Self.config(backlight: other.path, power: "brightness = 0.5"))
        XCTAssertEqual(kiosk.daemon.reload(), .applied, "the new brightness is applied")
        XCTAssertEqual(kiosk.daemon.reloadSummary(.applied),
                       "reloaded; [power] backlight: only a restart applies these: systemctl restart swipe-kiosk")
        XCTAssertEqual(kiosk.log.lines.filter { $0.contains("[power] backlight") }.count, 1, "one warning names it: \(kiosk.log.lines)")
        advance(kiosk, by: 2)
        XCTAssertEqual(opened.brightness, 50, "the running backlight takes the new brightness")
        XCTAssertEqual(other.brightness, 100, "the file's backlight is not opened")
        XCTAssertEqual(kiosk.daemon.configuration.power.backlight, .folder(opened.path))
        XCTAssertEqual(kiosk.daemon.configuration.power.brightness, 0.5)
    }

    func testDimsThenGoesDarkAndEachWakingTouchOnlyWakes() throws {
        let backlight = try BacklightFolder(max: 1000, level: 1000)
        let camera = FakeCameraFeed()
        let kiosk = try DaemonHarness(config: Self.config(backlight: backlight.path, power: """
            dim-after = 10
            dim-brightness = 0.2
            blank-after = 30
            """), camera: camera)
        kiosk.settle()
        XCTAssertTrue(camera.isRunning)
        XCTAssertEqual(kiosk.daemon.screenPower, .awake)

        advance(kiosk, by: 10.5)
        XCTAssertEqual(kiosk.daemon.screenPower, .dimmed)
        XCTAssertEqual(backlight.brightness, 200, "faded to dim-brightness")
        XCTAssertFalse(kiosk.display.isBlanked)

        // A swipe on the dimmed panel only wakes it.
        try kiosk.swipeLeft()
        advance(kiosk, by: 0.5)
        XCTAssertEqual(kiosk.daemon.screenPower, .awake)
        XCTAssertEqual(backlight.brightness, 1000)
        XCTAssertEqual(kiosk.daemon.currentScreen, "home", "the waking swipe did not swipe")

        advance(kiosk, by: 30.5)
        XCTAssertEqual(kiosk.daemon.screenPower, .dark)
        XCTAssertTrue(kiosk.display.isBlanked, "auto on a display with power saving: DPMS")
        XCTAssertEqual(kiosk.display.lastFrame[160, 100] & 0xFF_FFFF, 0, "black under DPMS, for panels that ignore it")
        XCTAssertFalse(camera.isRunning, "the camera rests while dark")
        XCTAssertEqual(camera.stopCount, 1)

        // Dark: time passes, frames tick, a reload changes a screen: nothing is composed.
        let presented = kiosk.display.presentedFrameCount
        advance(kiosk, by: 60)
        try kiosk.rewriteConfig(try String(contentsOf: kiosk.configURL, encoding: .utf8)
            .replacingOccurrences(of: "#102030", with: "#203040"))
        XCTAssertEqual(kiosk.daemon.reload(), .applied)
        XCTAssertFalse(camera.isRunning, "a reload leaves the camera resting")
        advance(kiosk, by: 60)
        kiosk.frames(10)
        XCTAssertEqual(kiosk.display.presentedFrameCount, presented, "nothing composed while dark")

        try kiosk.swipeLeft()
        kiosk.settle()
        XCTAssertEqual(kiosk.daemon.screenPower, .awake)
        XCTAssertFalse(kiosk.display.isBlanked, "DPMS on")
        XCTAssertTrue(camera.isRunning, "the camera started again on wake")
        XCTAssertEqual(camera.startCount, 2)
        XCTAssertGreaterThan(kiosk.display.presentedFrameCount, presented, "a frame presented on wake")
        XCTAssertEqual(kiosk.daemon.currentScreen, "home", "the waking swipe did not swipe")
        XCTAssertTrue(kiosk.ended.isEmpty)

        try kiosk.swipeLeft()
        kiosk.settle()
        XCTAssertEqual(kiosk.daemon.currentScreen, "second", "on a lit panel a swipe acts")
    }

    func testBlankMethodBacklightFadesOutAndSwitchesItOff() throws {
        let backlight = try BacklightFolder(max: 100, level: 100)
        let kiosk = try DaemonHarness(config: Self.config(backlight: backlight.path, power: """
            blank-after = 5
            blank-method = "backlight"
            """))
        kiosk.settle()
        advance(kiosk, by: 5.5)
        XCTAssertEqual(kiosk.daemon.screenPower, .dark)
        XCTAssertFalse(kiosk.display.isBlanked, "not through DPMS")
        XCTAssertEqual(backlight.brightness, 0)
        XCTAssertEqual(backlight.power, 4, "bl_power off")

        kiosk.daemon.wake()
        advance(kiosk, by: 0.5)
        XCTAssertEqual(backlight.power, 0)
        XCTAssertEqual(backlight.brightness, 100)

        // Stopping while dark leaves the backlight lit for whatever shows next.
        kiosk.daemon.blank()
        advance(kiosk, by: 0.5)
        XCTAssertEqual(backlight.power, 4)
        kiosk.daemon.shutDown()
        XCTAssertEqual(backlight.power, 0)
        XCTAssertEqual(backlight.brightness, 100)
    }

    func testBlankMethodBlackShowsABlackFrame() throws {
        let kiosk = try DaemonHarness(config: Self.config(backlight: "none", power: """
            blank-after = 5
            blank-method = "black"
            """))
        kiosk.settle()
        XCTAssertNotEqual(kiosk.display.lastFrame[160, 100] & 0xFF_FFFF, 0)
        advance(kiosk, by: 5.5)
        XCTAssertEqual(kiosk.daemon.screenPower, .dark)
        XCTAssertFalse(kiosk.display.isBlanked)
        XCTAssertEqual(kiosk.display.lastFrame[160, 100] & 0xFF_FFFF, 0, "black")
        kiosk.daemon.wake()
        kiosk.settle()
        XCTAssertEqual(kiosk.display.lastFrame[160, 100] & 0xFF_FFFF, 0x102030, "the home screen again")
    }

    func testOutsideTheScheduleItIsDarkAndATouchWakesItForWakeFor() throws {
        // 2026-06-05 is a Friday.
        let kiosk = try DaemonHarness(config: Self.config(backlight: "none", power: """
            wake-for = 30
            [[power.schedule]]
            days = "mon-fri"
            on = "07:30"
            off = "19:00"
            """), wallDate: "2026-06-05 18:59")
        kiosk.settle()
        XCTAssertEqual(kiosk.daemon.screenPower, .awake)
        advance(kiosk, by: 59)
        XCTAssertEqual(kiosk.daemon.screenPower, .awake)
        advance(kiosk, by: 2)
        XCTAssertEqual(kiosk.daemon.screenPower, .dark, "19:00: the schedule ends")

        try kiosk.swipeLeft()
        kiosk.settle()
        XCTAssertEqual(kiosk.daemon.screenPower, .awake, "a touch wakes it")
        XCTAssertEqual(kiosk.daemon.currentScreen, "home")
        advance(kiosk, by: 25)
        XCTAssertEqual(kiosk.daemon.screenPower, .awake)
        advance(kiosk, by: 6)
        XCTAssertEqual(kiosk.daemon.screenPower, .dark, "dark again after wake-for")

        // The weekend passes dark; Monday 07:30 lights it.
        advance(kiosk, by: 2 * 86_400)
        XCTAssertEqual(kiosk.daemon.screenPower, .dark)
        kiosk.wallClock.set(to: kiosk.wallClock.local("2026-06-08 07:29"))
        XCTAssertEqual(kiosk.daemon.screenPower, .dark)
        advance(kiosk, by: 61)
        XCTAssertEqual(kiosk.daemon.screenPower, .awake)
    }

    func testAClockStepDecidesTheScheduleAgainAtOnce() throws {
        let kiosk = try DaemonHarness(config: Self.config(backlight: "none", power: Self.daytime), wallDate: "2026-06-05 12:00")
        kiosk.settle()
        XCTAssertEqual(kiosk.daemon.screenPower, .awake)
        // Back (an NTP correction) to before the day's start: no deadline passed, yet it is dark now.
        kiosk.wallClock.set(to: kiosk.wallClock.local("2026-06-05 05:00"))
        XCTAssertEqual(kiosk.daemon.screenPower, .dark, "stepped back before on: dark without waiting")
        kiosk.wallClock.set(to: kiosk.wallClock.local("2026-06-05 12:00"))
        XCTAssertEqual(kiosk.daemon.screenPower, .awake)
        kiosk.wallClock.set(to: kiosk.wallClock.local("2026-06-05 23:00"))
        XCTAssertEqual(kiosk.daemon.screenPower, .dark, "stepped past off: dark without waiting")
        kiosk.wallClock.set(to: kiosk.wallClock.local("2026-06-06 08:00"))
        XCTAssertEqual(kiosk.daemon.screenPower, .awake)
    }

    func testTheScheduleFollowsLocalTimeAcrossTheSpringDSTChange() throws {
        // Berlin, 2026-03-29 01:00 CET: 07:30 CEST is 5 h 30 min away, not 6 h 30 min.
        let kiosk = try DaemonHarness(config: Self.config(backlight: "none", power: Self.daytime), wallDate: "2026-03-29 01:00", timeZone: "Europe/Berlin")
        kiosk.settle()
        XCTAssertEqual(kiosk.daemon.screenPower, .dark)
        advance(kiosk, by: 5.5 * 3600 - 60)
        XCTAssertEqual(kiosk.daemon.screenPower, .dark)
        advance(kiosk, by: 120)
        XCTAssertEqual(kiosk.daemon.screenPower, .awake, "07:31 CEST")
    }

    func testBrightnessSetAtRunTimeFadesAndDimmingNeverBrightens() throws {
        let backlight = try BacklightFolder(max: 1000, level: 1000)
        let kiosk = try DaemonHarness(config: Self.config(backlight: backlight.path, power: """
            dim-after = 10
            dim-brightness = 0.3
            """))
        kiosk.settle()
        kiosk.daemon.setBrightness(0.5)
        XCTAssertEqual(kiosk.daemon.brightness, 0.5)
        advance(kiosk, by: 0.1)
        XCTAssertGreaterThan(backlight.brightness, 500, "a fade, not a jump")
        advance(kiosk, by: 0.3)
        XCTAssertEqual(backlight.brightness, 500)
        kiosk.daemon.setBrightness(0.1)
        advance(kiosk, by: 11)
        XCTAssertEqual(kiosk.daemon.screenPower, .dimmed)
        XCTAssertEqual(backlight.brightness, 100, "dimming never brightens")
    }

    func testAutoFindsTheBacklightFolder() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("class-\(UUID().uuidString.prefix(8))")
        let backlight = try BacklightFolder(max: 100, level: 100)
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: parent) }
        try FileManager.default.createSymbolicLink(at: parent.appendingPathComponent("panel"), withDestinationURL: backlight.url)
        let kiosk = try DaemonHarness(config: Self.config(backlight: "auto", power: "brightness = 0.4"),
                                      backlightClassFolder: parent.path)
        advance(kiosk, by: 0.5)
        XCTAssertEqual(backlight.brightness, 40)
    }
}
