import KioskEngine
import KioskTouch
@testable import KioskRuntime
import KioskTestSupport
import XCTest

/// Several outputs in-process: the first a headless 320x200 at 60 Hz, beside it headless outputs
/// each on its own manual frame clock, all on the manual clock (no sleeps).
final class OutputsInProcessTests: XCTestCase {
    /// Screens home (dark blue), second (red), menu (green), prices (yellow); `outputs` is the
    /// `[[display.output]]` tables after the first, `extra` anything after them.
    private static func config(outputs: String, extra: String = "") -> String {
        """
        [display]
        backend = "headless"
        [[display.output]]
        connector = "MAIN"
        size = "320x200"
        \(outputs)
        [camera]
        source = "none"
        [transition]
        style = "slide"
        duration = 0.3
        \(extra)
        [[screen]]
        name = "home"
        background = "#102030"
        [[screen]]
        name = "second"
        background = "#d01010"
        [[screen]]
        name = "menu"
        background = "#10d010"
        [[screen]]
        name = "prices"
        background = "#e0e010"
        """
    }

    private static let side = """
        [[display.output]]
        connector = "SIDE"
        mode = "160x100@50"
        screens = ["menu", "prices"]
        """

    private static let green: UInt32 = 0xFF10_D010
    private static let yellow: UInt32 = 0xFFE0_E010
    private static let darkBlue: UInt32 = 0xFF10_2030

    func testTwoOutputsAt60And50HzArePacedEachByItsOwnClock() throws {
        let kiosk = try DaemonHarness(config: Self.config(outputs: Self.side))
        kiosk.settle()
        XCTAssertEqual(kiosk.daemon.outputNames, ["MAIN", "SIDE"])
        let side = try XCTUnwrap(kiosk.outputs.displays["SIDE"])
        XCTAssertEqual(side.refreshRate, 50)
        XCTAssertEqual(side.size.width, 160)
        XCTAssertEqual(side.lastFrame[80, 50], Self.green, "the side output shows the first screen of its own deck")
        XCTAssertEqual(kiosk.display.lastFrame[160, 100], Self.darkBlue, "the first output shows home")

        try kiosk.daemon.goTo(output: "SIDE", screen: "prices", animated: true)
        let mainFrames = kiosk.display.presentedFrameCount
        let sideFrames = side.presentedFrameCount
        var ticks: [Double] = []
        // Only the side output's vsyncs: its transition runs on them alone, 20 ms apart.
        while kiosk.outputs.clock("SIDE").wantsTicks && ticks.count < 100 {
            kiosk.outputFrame("SIDE")
            ticks.append(kiosk.outputs.clock("SIDE").now)
        }
        XCTAssertEqual(kiosk.daemon.currentScreen(ofOutput: "SIDE"), "prices")
        XCTAssertEqual(ticks[1] - ticks[0], 0.02, accuracy: 1e-9, "paced at 50 Hz")
        XCTAssertGreaterThanOrEqual(ticks.count, 15, "a 0.3 s transition takes about 15 vsyncs at 50 Hz")
        XCTAssertLessThanOrEqual(ticks.count, 17)
        XCTAssertGreaterThan(side.presentedFrameCount - sideFrames, 10, "the side output drew its transition")
        XCTAssertEqual(kiosk.display.presentedFrameCount, mainFrames, "the first output drew nothing meanwhile")
        XCTAssertEqual(side.lastFrame[80, 50], Self.yellow)
        XCTAssertEqual(kiosk.daemon.currentScreen, "home")

        // And the first output's transition runs on its own 60 Hz clock, the side output resting.
        let sideAfter = side.presentedFrameCount
        try kiosk.daemon.goTo("second", animated: true)
        let mainTicks = kiosk.settle()
        XCTAssertGreaterThanOrEqual(mainTicks, 18, "about 18 vsyncs at 60 Hz")
        XCTAssertEqual(kiosk.daemon.currentScreen, "second")
        XCTAssertEqual(side.presentedFrameCount, sideAfter, "its own deck did not move")
        XCTAssertEqual(kiosk.daemon.currentScreen(ofOutput: "SIDE"), "prices")
    }

    /// Every output is drawn by the same code: a value shown beside the first redraws there when it
    /// changes, as it does on the first.
    func testAValueShownOnTheSecondOutputRedrawsItThere() throws {
        let config = Self.config(outputs: Self.side, extra: "[[value]]\nname = \"price\"\ninitial = \"--\"")
            .replacingOccurrences(of: "background = \"#10d010\"", with: """
                background = "#10d010"
                [[screen.element]]
                type = "text"
                x = 10
                y = 10
                width = 140
                height = 40
                text = "{price} EUR"
                """)
        let kiosk = try DaemonHarness(config: config)
        kiosk.settle()
        let side = try XCTUnwrap(kiosk.outputs.displays["SIDE"])
        for _ in 0..<3 { kiosk.outputFrame("SIDE") }
        let textBox = { (10..<50).flatMap { y in (10..<150).map { x in side.lastFrame[x, y] } } }
        let before = textBox()
        let presented = side.presentedFrameCount
        try kiosk.daemon.setValue("price", to: "12.50")
        for _ in 0..<3 { kiosk.outputFrame("SIDE") }
        XCTAssertEqual(side.presentedFrameCount, presented + 1, "one frame for one change, on the output that shows it")
        XCTAssertNotEqual(textBox(), before, "the new text is on the side panel")
    }

    func testTouchMappedToTheSecondOutputChangesOnlyItsDeck() throws {
        let kiosk = try DaemonHarness(config: Self.config(outputs: Self.side, extra: """
            [[input.device]]
            match = "Side Touch"
            output = "SIDE"
            """))
        kiosk.settle()
        let touches = try XCTUnwrap(kiosk.outputs.touches["SIDE"], "the mapped device's source was made for SIDE")
        // A leftward swipe across the 160x100 side panel, in its own coordinates.
        let time = { kiosk.clock.now }
        touches.send([TouchEvent(id: 1, phase: .began, location: Point(x: 150, y: 50), time: time())])
        try kiosk.daemon.eventLoop.runOnce(timeoutMilliseconds: 0)
        for step in 1...8 {
            kiosk.outputFrame("SIDE")
            touches.send([TouchEvent(id: 1, phase: .moved, location: Point(x: 150 - Double(step) * 17, y: 50), time: time())])
            try kiosk.daemon.eventLoop.runOnce(timeoutMilliseconds: 0)
        }
        touches.send([TouchEvent(id: 1, phase: .ended, location: Point(x: 14, y: 50), time: time())])
        try kiosk.daemon.eventLoop.runOnce(timeoutMilliseconds: 0)
        for _ in 0..<100 where kiosk.outputs.clock("SIDE").wantsTicks { kiosk.outputFrame("SIDE") }

        XCTAssertEqual(kiosk.daemon.currentScreen(ofOutput: "SIDE"), "prices", "the swipe moved the side deck")
        XCTAssertEqual(kiosk.daemon.currentScreen, "home", "and not the touch deck")
        XCTAssertTrue(kiosk.ended.isEmpty, "the first output saw no transition")

        // The first output's own touches still go to the touch deck only.
        try kiosk.swipeLeft()
        kiosk.settle()
        XCTAssertEqual(kiosk.daemon.currentScreen, "second")
        XCTAssertEqual(kiosk.daemon.currentScreen(ofOutput: "SIDE"), "prices")
    }

    func testAReloadAddsAndRemovesAnOutput() throws {
        let kiosk = try DaemonHarness(config: Self.config(outputs: Self.side))
        kiosk.settle()
        try kiosk.daemon.goTo(output: "SIDE", screen: "prices", animated: false)
        try kiosk.rewriteConfig(Self.config(outputs: """
            [[display.output]]
            connector = "SIDE"
            mode = "160x100@50"
            screens = ["prices", "menu", "second"]
            [[display.output]]
            connector = "DOOR"
            size = "100x80"
            screens = "main"
            """))
        XCTAssertEqual(kiosk.daemon.reload(), .applied)
        XCTAssertEqual(kiosk.daemon.outputNames, ["MAIN", "SIDE", "DOOR"])
        XCTAssertEqual(kiosk.daemon.screenNames(ofOutput: "SIDE"), ["prices", "menu", "second"])
        XCTAssertEqual(kiosk.daemon.currentScreen(ofOutput: "SIDE"), "prices", "the screen on show stays")
        XCTAssertEqual(kiosk.daemon.currentScreen(ofOutput: "DOOR"), "home", "a mirror starts where the touch deck is")
        XCTAssertTrue(kiosk.daemon.restartNeeded.isEmpty, "outputs beside the first need no restart: \(kiosk.daemon.restartNeeded)")
        let door = try XCTUnwrap(kiosk.outputs.displays["DOOR"])
        XCTAssertEqual(door.lastFrame[50, 40], Self.darkBlue)

        try kiosk.rewriteConfig(Self.config(outputs: """
            [[display.output]]
            connector = "DOOR"
            size = "100x80"
            """))
        XCTAssertEqual(kiosk.daemon.reload(), .applied)
        XCTAssertEqual(kiosk.daemon.outputNames, ["MAIN", "DOOR"], "SIDE is closed")
        XCTAssertNil(kiosk.daemon.currentScreen(ofOutput: "SIDE"))
        XCTAssertThrowsError(try kiosk.daemon.goTo(output: "SIDE", screen: "menu", animated: false)) { error in
            XCTAssertEqual(error as? GoToError, .noSuchOutput("SIDE", outputs: ["MAIN", "DOOR"]))
        }

        // The mirror follows the touch deck.
        try kiosk.daemon.goTo("second", animated: true)
        kiosk.settle()
        for _ in 0..<100 where kiosk.outputs.clock("DOOR").wantsTicks { kiosk.outputFrame("DOOR") }
        XCTAssertEqual(kiosk.daemon.currentScreen(ofOutput: "DOOR"), "second")
        XCTAssertEqual(door.lastFrame[50, 40], 0xFFD0_1010)

        // Its panel turned: opened again, at the new rotation, on the same screen.
        try kiosk.rewriteConfig(Self.config(outputs: """
            [[display.output]]
            connector = "DOOR"
            size = "100x80"
            rotation = 90
            """))
        XCTAssertEqual(kiosk.daemon.reload(), .applied)
        XCTAssertFalse(kiosk.outputs.displays["DOOR"] === door, "a new display for the new rotation")
        XCTAssertEqual(kiosk.daemon.outputStatuses.last, OutputStatus(name: "DOOR", connected: true, mode: "100x80@60", rotation: 90,
                                                                      screen: "second"))
        XCTAssertTrue(kiosk.daemon.restartNeeded.isEmpty)
    }

    func testTheSecondOutputsDeckCyclesAndGoesWhereItIsTold() throws {
        let kiosk = try DaemonHarness(config: Self.config(outputs: Self.side + "\ncycle = 10"))
        var changes: [String] = []
        let observer = OutputObserver { output, from, to in changes.append("\(output): \(from) -> \(to)") }
        kiosk.daemon.addObserver(observer)
        kiosk.settle()
        kiosk.clock.advance(to: kiosk.clock.now + 9.9)
        XCTAssertEqual(kiosk.daemon.currentScreen(ofOutput: "SIDE"), "menu")
        kiosk.clock.advance(to: kiosk.clock.now + 0.2)
        for _ in 0..<100 where kiosk.outputs.clock("SIDE").wantsTicks { kiosk.outputFrame("SIDE") }
        XCTAssertEqual(kiosk.daemon.currentScreen(ofOutput: "SIDE"), "prices", "10 s on, the next screen of its deck")
        kiosk.clock.advance(to: kiosk.clock.now + 10)
        for _ in 0..<100 where kiosk.outputs.clock("SIDE").wantsTicks { kiosk.outputFrame("SIDE") }
        XCTAssertEqual(kiosk.daemon.currentScreen(ofOutput: "SIDE"), "menu", "round to the first")

        // Told to go: a cut, heard as OutputScreenChanged; the touch deck stays.
        try kiosk.daemon.goTo(output: "SIDE", screen: "prices", animated: false)
        XCTAssertEqual(kiosk.daemon.currentScreen(ofOutput: "SIDE"), "prices")
        XCTAssertEqual(kiosk.daemon.currentScreen, "home")
        XCTAssertEqual(changes, ["SIDE: menu -> prices", "SIDE: prices -> menu", "SIDE: menu -> prices"])
        XCTAssertThrowsError(try kiosk.daemon.goTo(output: "SIDE", screen: "home", animated: false)) { error in
            XCTAssertEqual(error as? GoToError, .noSuchScreen("home"), "home is not in its deck")
        }
        XCTAssertEqual(kiosk.daemon.outputStatuses.map(\.text), ["MAIN 320x200@60 \"home\"", "SIDE 160x100@50 \"prices\""])
    }

    func testATurnedOutputsTouchesComeThroughItsRotation() throws {
        let kiosk = try DaemonHarness(config: Self.config(outputs: Self.side + "\nrotation = 90", extra: """
            [[input.device]]
            match = "/dev/input/event7"
            output = "SIDE"
            """))
        XCTAssertEqual(kiosk.outputs.surfaces["SIDE"], TouchSurface(sceneSize: Size(width: 100, height: 160), displayRotation: .clockwise90),
                       "the mapped device's touches land on the turned 160x100 panel")
        XCTAssertEqual(kiosk.daemon.outputStatuses.last?.rotation, 90)
        XCTAssertNil(kiosk.outputs.surfaces["MAIN"], "the first output's devices come through the first output's source")
    }

    func testTheOutputsGoDarkAndWakeWithThePanel() throws {
        let kiosk = try DaemonHarness(config: Self.config(outputs: Self.side))
        kiosk.settle()
        let side = try XCTUnwrap(kiosk.outputs.displays["SIDE"])
        kiosk.daemon.blank()
        XCTAssertTrue(side.isBlanked)
        let frames = side.presentedFrameCount
        try kiosk.daemon.goTo(output: "SIDE", screen: "prices", animated: false)
        for _ in 0..<5 { kiosk.outputFrame("SIDE") }
        XCTAssertEqual(side.presentedFrameCount, frames, "nothing is composed while dark")
        kiosk.daemon.wake()
        XCTAssertFalse(side.isBlanked)
        for _ in 0..<3 { kiosk.outputFrame("SIDE") }
        XCTAssertEqual(side.lastFrame[80, 50], Self.yellow, "awake, it shows where its deck went")
    }

    func testAnOutputThatCannotBeOpenedLeavesTheOthersRunning() throws {
        let kiosk = try DaemonHarness(config: Self.config(outputs: """
            [[display.output]]
            connector = "REFUSED-1"
            [[display.output]]
            connector = "SIDE"
            mode = "160x100@50"
            screens = ["menu", "prices"]
            """))
        kiosk.settle()
        XCTAssertEqual(kiosk.daemon.outputNames, ["MAIN", "SIDE"])
        XCTAssertTrue(kiosk.log.contains("output REFUSED-1: cannot open it: "), "\(kiosk.log.lines)")
        XCTAssertTrue(kiosk.notifier.notices.contains { if case .ready = $0 { true } else { false } }, "the daemon is up")
        XCTAssertEqual(kiosk.outputs.displays["SIDE"]?.lastFrame[80, 50], Self.green)
    }

    private final class OutputObserver: KioskDaemonObserver {
        let changed: (String, String, String) -> Void
        init(_ changed: @escaping (String, String, String) -> Void) { self.changed = changed }
        func outputScreenChanged(output: String, from: String, to: String) { changed(output, from, to) }
    }
}
