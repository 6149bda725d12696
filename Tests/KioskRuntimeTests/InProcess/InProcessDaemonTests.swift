import KioskEngine
@testable import KioskRuntime
import KioskTestSupport
import XCTest

/// The whole daemon in-process on a headless display and a manual clock: no sleeps, no subprocess.
final class InProcessDaemonTests: XCTestCase {
    private static func config(returnHomeAfter: Double = 0, duration: Double = 0.3, extraScreen: String = "") -> String {
        """
        home = "home"
        [display]
        backend = "headless"
        size = "320x200"
        [camera]
        source = "none"
        [transition]
        style = "slide"
        duration = \(duration)
        [idle]
        return-home-after = \(returnHomeAfter)
        [[screen]]
        name = "home"
        background = "#102030"
        [[screen]]
        name = "second"
        background = "#d01010"
        [[screen]]
        name = "list"
        background = "#f2f2f7"
          [[screen.element]]
          type = "scroll"
          y = 0
          content-height = 4000
            [[screen.element.content]]
            type = "color"
            x = 10
            y = 3000
            width = 100
            height = 40
            color = "#000000"
        \(extraScreen)
        """
    }

    // MARK: - Wake filter

    func testTheTouchThatWakesABlankedPanelDoesNotSwipe() throws {
        let kiosk = try DaemonHarness(config: Self.config())
        kiosk.settle()
        kiosk.daemon.blank()
        XCTAssertTrue(kiosk.display.isBlanked)

        try kiosk.swipeLeft()
        kiosk.settle()
        XCTAssertFalse(kiosk.daemon.isBlanked, "a touch wakes the panel")
        XCTAssertFalse(kiosk.display.isBlanked)
        XCTAssertEqual(kiosk.daemon.currentScreen, "home", "the waking swipe only woke it")
        XCTAssertTrue(kiosk.ended.isEmpty)

        // The next swipe, on a lit panel, acts.
        try kiosk.swipeLeft()
        kiosk.settle()
        XCTAssertEqual(kiosk.daemon.currentScreen, "second")
    }

    // MARK: - Idle

    func testIdleReturnHomeWaitsForARunningTransitionInsteadOfBeingRefused() throws {
        let kiosk = try DaemonHarness(config: Self.config(returnHomeAfter: 1, duration: 2))
        kiosk.settle()
        try kiosk.daemon.goTo("second", animated: false)
        kiosk.clock.advance(to: kiosk.clock.now + 0.5)
        // A two-second transition runs across the one-second idle deadline.
        try kiosk.daemon.goTo("list", animated: true)
        let started = kiosk.clock.now
        while kiosk.daemon.currentScreen != "list" && kiosk.clock.now - started < 5 { kiosk.frame() }
        XCTAssertEqual(kiosk.daemon.currentScreen, "list")
        XCTAssertGreaterThanOrEqual(kiosk.clock.now - started, 2)
        XCTAssertFalse(kiosk.log.contains("refused"), "going home must not be tried while a transition runs: \(kiosk.log.lines)")
        // Its end finds the idle time long past: the return home starts on the same frame.
        XCTAssertEqual(kiosk.daemon.isTransitioning, true, "the return home starts as the transition ends")
        kiosk.settle()
        XCTAssertEqual(kiosk.daemon.currentScreen, "home")
        XCTAssertTrue(kiosk.log.contains("back to the home screen"))
    }

    func testAfterAReloadOffTheHomeScreenIdleStillGoesToTheConfiguredHome() throws {
        let kiosk = try DaemonHarness(config: Self.config(returnHomeAfter: 1))
        kiosk.settle()
        try kiosk.daemon.goTo("second", animated: false)
        try kiosk.rewriteConfig(Self.config(returnHomeAfter: 1, duration: 0.5))
        XCTAssertEqual(kiosk.daemon.reload(), .applied)
        XCTAssertEqual(kiosk.daemon.currentScreen, "second", "a reload keeps the screen on show")

        kiosk.clock.advance(to: kiosk.clock.now + 1.1)
        kiosk.settle()
        XCTAssertEqual(kiosk.daemon.currentScreen, "home")
    }

    // MARK: - Replacing a scene ends what it ran

    func testReloadDuringASwipesCompletionEndsItOnceAndTheClockStops() throws {
        let kiosk = try DaemonHarness(config: Self.config())
        kiosk.settle()
        try kiosk.swipeLeft()
        kiosk.frames(2)
        XCTAssertTrue(kiosk.daemon.isTransitioning, "the swipe is completing")

        try kiosk.rewriteConfig(Self.config().replacingOccurrences(of: "#d01010", with: "#10d010"))
        XCTAssertEqual(kiosk.daemon.reload(), .applied)
        XCTAssertEqual(kiosk.ended.count, 1, "exactly one transition-ended")
        XCTAssertEqual(kiosk.ended.first?.completed, true)
        XCTAssertFalse(kiosk.daemon.isTransitioning)
        XCTAssertEqual(kiosk.daemon.currentScreen, "second")

        kiosk.frames(2)
        XCTAssertFalse(kiosk.clockWantsTicks, "nothing may keep the frame clock ticking after the reload")
        XCTAssertEqual(kiosk.events("transition-ended").count, 1)
        XCTAssertEqual(kiosk.ended.count, 1)
    }

    func testReloadDuringADragCancelsItOntoAScreenOfTheNewConfig() throws {
        let kiosk = try DaemonHarness(config: Self.config())
        kiosk.settle()
        try kiosk.drag(from: Point(x: 290, y: 100), to: Point(x: 150, y: 100), lift: false)
        XCTAssertTrue(kiosk.daemon.isTransitioning, "the finger holds the transition")

        // The screen the finger was pulling in is gone from the new config.
        try kiosk.rewriteConfig(Self.config().replacingOccurrences(of: "name = \"second\"", with: "name = \"other\""))
        XCTAssertEqual(kiosk.daemon.reload(), .applied)
        XCTAssertEqual(kiosk.ended.map(\.completed), [false])
        XCTAssertEqual(kiosk.daemon.currentScreen, "home")
        XCTAssertEqual(kiosk.daemon.screenNames, ["home", "other", "list"])
        kiosk.frames(2)
        XCTAssertFalse(kiosk.clockWantsTicks)
    }

    func testReloadDuringAnAnimatedSelectionEndsItCompletedAndTheClockStops() throws {
        let kiosk = try DaemonHarness(config: Self.config())
        kiosk.settle()
        try kiosk.daemon.goTo("second", animated: true)
        kiosk.frames(3)
        XCTAssertTrue(kiosk.daemon.isTransitioning)

        try kiosk.rewriteConfig(Self.config(duration: 0.5))
        XCTAssertEqual(kiosk.daemon.reload(), .applied)
        XCTAssertEqual(kiosk.ended.map(\.completed), [true])
        XCTAssertEqual(kiosk.daemon.currentScreen, "second")
        kiosk.frames(2)
        XCTAssertFalse(kiosk.clockWantsTicks)
    }

    func testReloadDuringAScrollFlingStopsItAndTheClock() throws {
        let kiosk = try DaemonHarness(config: Self.config())
        try kiosk.daemon.goTo("list", animated: false)
        kiosk.settle()
        let endedBefore = kiosk.ended.count
        // A fast upward flick: the content coasts on after the finger lifts.
        try kiosk.drag(from: Point(x: 160, y: 180), to: Point(x: 160, y: 20), steps: 4)
        kiosk.frames(3)
        XCTAssertTrue(kiosk.clockWantsTicks, "the content is coasting")

        try kiosk.rewriteConfig(Self.config(duration: 0.5))
        XCTAssertEqual(kiosk.daemon.reload(), .applied)
        kiosk.frames(2)
        XCTAssertFalse(kiosk.clockWantsTicks)
        XCTAssertEqual(kiosk.ended.count, endedBefore, "a scroll is no transition")
    }

    func testShutdownDuringATransitionEndsIt() throws {
        let kiosk = try DaemonHarness(config: Self.config())
        kiosk.settle()
        try kiosk.daemon.goTo("second", animated: true)
        kiosk.frames(3)
        kiosk.daemon.shutDown()
        XCTAssertEqual(kiosk.ended.map(\.completed), [true])
        XCTAssertEqual(kiosk.events("transition-ended").count, 1)
        XCTAssertFalse(kiosk.clockWantsTicks)
    }

    // MARK: - Reload

    func testAReloadOfAnEmptyFileKeepsTheRunningConfigAndSaysSo() throws {
        let kiosk = try DaemonHarness(config: Self.config())
        kiosk.settle()
        try kiosk.rewriteConfig("")
        guard case .rejected(let reason) = kiosk.daemon.reload() else { return XCTFail("an empty file must be refused") }
        XCTAssertTrue(reason.contains("is empty"), reason)
        XCTAssertEqual(kiosk.daemon.screenNames, ["home", "second", "list"])
        XCTAssertTrue(kiosk.log.contains("not applied; the running config stays"), "\(kiosk.log.lines)")
    }

    func testAReloadThatChangesStartOnlySectionsAppliesTheRestAndNamesTheirKeysEveryTime() throws {
        let kiosk = try DaemonHarness(config: Self.config())
        kiosk.settle()
        try kiosk.rewriteConfig(Self.config(duration: 0.4) + "\n[control]\nbus = \"session\"\n[metrics]\ninterval = 5\n")
        XCTAssertEqual(kiosk.daemon.reload(), .applied, "the new duration is applied")
        XCTAssertEqual(kiosk.daemon.restartNeeded, ["[control] bus", "[metrics] interval"])
        XCTAssertTrue(kiosk.log.contains("[control] bus, [metrics] interval: only a restart applies these"), "\(kiosk.log.lines)")
        XCTAssertEqual(kiosk.daemon.applier.configuration.control.bus, .system, "the running bus is what runs")
        XCTAssertEqual(kiosk.daemon.applier.configuration.transition.duration, 0.4)
        // The same file again: nothing more to apply, and the restart is still owed.
        XCTAssertEqual(kiosk.daemon.reload(), .unchanged)
        XCTAssertEqual(kiosk.daemon.reloadSummary(.unchanged),
                       "nothing changed that a reload applies; [control] bus, [metrics] interval: only a restart applies these: systemctl restart swipe-kiosk")
        XCTAssertEqual(kiosk.log.lines.filter { $0.contains("only a restart applies these") }.count, 2, "said at every reload")
    }

    func testAReloadThatChangesTheBrokerAndTheModeAnswersWhichKeysNeedARestartAndRunsOnWithTheOldOnes() throws {
        let kiosk = try DaemonHarness(config: Self.config())
        kiosk.settle()
        let running = kiosk.daemon.displayDescription
        let file = Self.config(duration: 0.4).replacingOccurrences(of: "size = \"320x200\"", with: "size = \"320x200\"\nmode = \"640x400\"")
            + "\n[mqtt]\nbroker = \"mqtt://127.0.0.1:1884\"\ntopic-prefix = \"elsewhere\"\n"
        try kiosk.rewriteConfig(file)
        XCTAssertEqual(kiosk.daemon.reload(), .applied, "the new duration is applied")
        let restart = "[display] mode, [mqtt] broker, [mqtt] topic-prefix: only a restart applies these: systemctl restart swipe-kiosk"
        XCTAssertEqual(kiosk.daemon.reloadSummary(.applied), "reloaded; \(restart)")
        XCTAssertTrue(kiosk.log.contains(restart), "\(kiosk.log.lines)")
        XCTAssertEqual(kiosk.daemon.configuration.transition.duration, 0.4)
        // What runs is what status and MQTT read: no broker was connected at start, and none is now.
        XCTAssertNil(kiosk.daemon.configuration.mqtt.broker)
        XCTAssertNil(kiosk.daemon.configuration.mqtt.topicPrefix)
        XCTAssertNil(kiosk.daemon.configuration.display.mode)
        XCTAssertEqual(kiosk.daemon.displayDescription, running)
        XCTAssertEqual(kiosk.daemon.reload(), .unchanged)
        XCTAssertEqual(kiosk.daemon.reloadSummary(.unchanged), "nothing changed that a reload applies; \(restart)")
    }

    func testAReloadThatTurnsTheDisplayKeepsReportingTheRotationThatRuns() throws {
        let kiosk = try DaemonHarness(config: Self.config())
        kiosk.settle()
        let running = kiosk.daemon.displayDescription
        try kiosk.rewriteConfig(Self.config().replacingOccurrences(of: "size = \"320x200\"", with: "size = \"320x200\"\nrotation = 90"))
        for _ in 0..<2 {
            XCTAssertEqual(kiosk.daemon.reload(), .unchanged, "nothing else changed")
            XCTAssertEqual(kiosk.daemon.restartNeeded, ["[display] rotation"], "named at every reload")
            XCTAssertEqual(kiosk.daemon.displayDescription, running, "status reports the rotation the panel shows")
            XCTAssertEqual(kiosk.daemon.applier.configuration.display.rotation, .none)
        }
        // Back to the running rotation: nothing is owed any more.
        try kiosk.rewriteConfig(Self.config())
        _ = kiosk.daemon.reload()
        XCTAssertEqual(kiosk.daemon.restartNeeded, [])
    }

    // MARK: - Control

    func testTheStatusListsTheDevicesEveryTouchSourceHasOpen() throws {
        let kiosk = try DaemonHarness(config: Self.config())
        XCTAssertEqual(kiosk.daemon.touchDevices, [])
        kiosk.touches.openDevices = ["/dev/input/event7"]
        XCTAssertEqual(kiosk.daemon.touchDevices, ["/dev/input/event7"])
    }

    func testGoToIsRefusedWhileATransitionRunsAndNamesAnUnknownScreen() throws {
        let kiosk = try DaemonHarness(config: Self.config())
        kiosk.settle()
        try kiosk.daemon.goTo("second", animated: true)
        kiosk.frame()
        XCTAssertThrowsError(try kiosk.daemon.goTo("list", animated: true)) { XCTAssertEqual($0 as? GoToError, .busy) }
        kiosk.settle()
        XCTAssertEqual(kiosk.daemon.currentScreen, "second")
        XCTAssertThrowsError(try kiosk.daemon.goTo("nowhere", animated: false)) {
            XCTAssertEqual($0 as? GoToError, .noSuchScreen("nowhere"))
        }
        // The last frame is what the display shows: the second screen's red.
        XCTAssertEqual(kiosk.daemon.lastFrame[160, 100], kiosk.display.lastFrame[160, 100])
        XCTAssertEqual(kiosk.daemon.lastFrame[160, 100] & 0xFF_FFFF, 0xD0_1010)
    }
}
