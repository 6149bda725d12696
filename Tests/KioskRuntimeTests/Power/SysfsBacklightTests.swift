import Foundation
import KioskDisplay
@testable import KioskRuntime
import KioskTestSupport
import XCTest

/// The real sysfs backlight against a folder with the same files, and its fades on a manual clock.
final class SysfsBacklightTests: XCTestCase {
    func testReadsAndWritesTheSysfsFiles() throws {
        let folder = try BacklightFolder(max: 255, level: 100)
        let backlight = try SysfsBacklight(folder: folder.path)
        XCTAssertEqual(backlight.maxLevel, 255)
        XCTAssertEqual(backlight.level, 100)
        try backlight.setLevel(300)
        XCTAssertEqual(folder.brightness, 255, "clamped to max_brightness")
        try backlight.setPowered(false)
        XCTAssertEqual(folder.power, 4)
        try backlight.setPowered(true)
        XCTAssertEqual(folder.power, 0)
    }

    func testWithoutBlPowerSwitchingDoesNothing() throws {
        let folder = try BacklightFolder(hasPowerSwitch: false)
        let backlight = try SysfsBacklight(folder: folder.path)
        try backlight.setPowered(false)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("bl_power").path))
    }

    func testAFolderWithoutMaxBrightnessIsNoBacklight() {
        XCTAssertThrowsError(try SysfsBacklight(folder: "/nonexistent/backlight/x")) { error in
            XCTAssertEqual(error as? BacklightError, .notABacklight(folder: "/nonexistent/backlight/x"))
        }
    }

    func testAutoPicksTheFirstBacklightByName() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("class-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: parent) }
        for name in ["b_panel", "a_panel"] {
            let folder = parent.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try "100\n".write(to: folder.appendingPathComponent("max_brightness"), atomically: false, encoding: .utf8)
            try "100\n".write(to: folder.appendingPathComponent("brightness"), atomically: false, encoding: .utf8)
        }
        XCTAssertEqual(try SysfsBacklight.first(under: parent.path).folder, parent.appendingPathComponent("a_panel").path)
        XCTAssertThrowsError(try SysfsBacklight.first(under: "/nonexistent")) { error in
            XCTAssertEqual(error as? BacklightError, .noneFound(searched: "/nonexistent"))
        }
    }

    func testThePermissionErrorNamesTheFileAndTheUdevRule() {
        let message = BacklightError.permissionDenied(file: "/sys/class/backlight/panel/brightness").description
        XCTAssertTrue(message.contains("/sys/class/backlight/panel/brightness"), message)
        XCTAssertTrue(message.contains(BacklightError.udevRulePath), message)
        XCTAssertTrue(message.contains("video group"), message)
    }

    func testTheShippedUdevRuleAndUnitLetTheServiceWriteTheBacklight() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let ruleName = URL(fileURLWithPath: BacklightError.udevRulePath).lastPathComponent
        let rule = try String(contentsOf: repository.appendingPathComponent("systemd/\(ruleName)"), encoding: .utf8)
        let active = rule.split(separator: "\n").filter { !$0.hasPrefix("#") }.joined()
        for expected in [#"SUBSYSTEM=="backlight""#, "chgrp video /sys%p/brightness /sys%p/bl_power",
                         "chmod g+w /sys%p/brightness /sys%p/bl_power"] {
            XCTAssertTrue(active.contains(expected), "\(ruleName) lacks \(expected)")
        }
        let unit = try String(contentsOf: repository.appendingPathComponent("systemd/swipe-kiosk.service"), encoding: .utf8)
        XCTAssertTrue(unit.contains("SupplementaryGroups=video"), "the service is in the rule's group")
        XCTAssertTrue(unit.contains("ReadWritePaths=-/sys/devices"), "the sandbox lets the backlight be written")
        let makefile = try String(contentsOf: repository.appendingPathComponent("Makefile"), encoding: .utf8)
        XCTAssertTrue(makefile.contains("systemd/\(ruleName) $(DESTDIR)$(UDEVDIR)/\(ruleName)"), "make install ships the rule")
        XCTAssertTrue(BacklightError.udevRulePath.hasPrefix("/lib/udev/rules.d/") && makefile.contains("UDEVDIR      ?= /lib/udev/rules.d"))
    }

    func testAFadeTakesAboutThreeHundredMillisecondsInAFewWrites() throws {
        let folder = try BacklightFolder(max: 1000, level: 1000)
        let display = try HeadlessDisplay(width: 8, height: 8, virtualClock: true)
        let clock = ManualDaemonClock(frameClock: display.virtualClock!)
        let fader = BacklightFader(backlight: try SysfsBacklight(folder: folder.path), clock: clock)
        try fader.start()
        var levels = [folder.brightness]
        var finished = false
        fader.fade(to: 0.2) { finished = true }
        let start = clock.now
        while !finished && clock.now - start < 1 {
            clock.advance(to: clock.now + 0.01)
            if levels.last != folder.brightness { levels.append(folder.brightness) }
        }
        XCTAssertEqual(levels.last, 200)
        XCTAssertEqual(clock.now - start, 0.3, accuracy: 0.011)
        XCTAssertTrue((3...10).contains(levels.count - 1), "a few writes, not one jump nor a frame loop: \(levels)")
        XCTAssertEqual(levels, levels.sorted(by: >), "falls steadily: \(levels)")
    }
}
