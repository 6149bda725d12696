import Foundation
import KioskEngine
@testable import KioskRuntime
import KioskTestSupport
import XCTest

/// Values bound into text on the whole daemon in-process: what the views show, what each change
/// damages, and that sources never hold up the loop (command sources: ValueCommandsProcessTests).
final class ValuesInProcessTests: XCTestCase {
    private static func config(values: String, text: String = "Temp {{C}}: {temp}") -> String {
        DaemonHarness.textScreenConfig(values: values, text: text)
    }

    /// The strings the screen's text views show now.
    private func texts(_ kiosk: DaemonHarness) -> [String] { kiosk.texts }

    private let textBox = PixelRect(x: 20, y: 20, width: 200, height: 40)

    func testPlaceholdersShowTheValueAndEscapedBracesStayLiteral() throws {
        let kiosk = try DaemonHarness(config: Self.config(values: "[[value]]\nname = \"temp\"\ninitial = \"--\""))
        kiosk.settle()
        XCTAssertEqual(texts(kiosk), ["Temp {C}: --"])
        try kiosk.daemon.setValue("temp", to: "21.5")
        XCTAssertEqual(texts(kiosk), ["Temp {C}: 21.5"])
        XCTAssertEqual(kiosk.daemon.values, ["temp": "21.5"])
    }

    func testASetValueDamagesOnlyTheTextsBoxAndAnUnchangedOneNothing() throws {
        let kiosk = try DaemonHarness(config: Self.config(values: "[[value]]\nname = \"temp\""))
        kiosk.settle()
        kiosk.frames(2)
        let before = kiosk.display.presentedFrameCount
        try kiosk.daemon.setValue("temp", to: "30")
        kiosk.frames(3)
        XCTAssertEqual(kiosk.display.presentedFrameCount, before + 1, "one frame for one change")
        XCTAssertFalse(kiosk.display.lastDamage.isEmpty)
        for rect in kiosk.display.lastDamage {
            XCTAssertTrue(textBox.contains(rect), "damage \(rect) leaves the text's box")
        }
        try kiosk.daemon.setValue("temp", to: "30")
        kiosk.frames(3)
        XCTAssertEqual(kiosk.display.presentedFrameCount, before + 1, "the same text again draws nothing")
    }

    func testASetValueOfAnotherSourceOrAnUnknownNameIsRefusedWithItsSource() throws {
        let kiosk = try DaemonHarness(config: Self.config(values: "[[value]]\nname = \"temp\"\nsource = \"clock\"", text: "{temp}"))
        XCTAssertThrowsError(try kiosk.daemon.setValue("temp", to: "x")) { error in
            XCTAssertEqual(error as? SetValueError, .notSettable("temp", source: .clock))
            XCTAssertTrue("\(error)".contains("source \"clock\""), "\(error)")
        }
        XCTAssertThrowsError(try kiosk.daemon.setValue("tmp", to: "x")) { error in
            XCTAssertEqual(error as? SetValueError, .noSuchValue("tmp", values: ["temp"]))
        }
    }

    func testAReloadKeepsTheTextOfAValueThatKeepsItsNameAndSource() throws {
        let kiosk = try DaemonHarness(config: Self.config(values: "[[value]]\nname = \"temp\"\ninitial = \"--\""))
        try kiosk.daemon.setValue("temp", to: "19")
        try kiosk.rewriteConfig(Self.config(values: "[[value]]\nname = \"temp\"\ninitial = \"--\"", text: "Now {temp}"))
        XCTAssertEqual(kiosk.daemon.reload(), .applied)
        XCTAssertEqual(texts(kiosk), ["Now 19"])
        try kiosk.rewriteConfig(Self.config(values: "[[value]]\nname = \"temp\"\nsource = \"file\"\npath = \"/nonexistent/t\"\ninitial = \"?\"",
                                            text: "Now {temp}"))
        XCTAssertEqual(kiosk.daemon.reload(), .applied)
        XCTAssertEqual(texts(kiosk), ["Now ?"], "another source starts from its initial text")
    }

    func testAReloadWhoseScreensCannotBeBuiltKeepsTheRunningValuesAndTheirSources() throws {
        let kiosk = try DaemonHarness(config: Self.config(values: "[[value]]\nname = \"temp\"\ninitial = \"--\""))
        try kiosk.daemon.setValue("temp", to: "19")
        // The new file is valid, but its screens fail to build (as if the scene builder threw).
        let build = kiosk.daemon.applier.makeSceneBuilder
        kiosk.daemon.applier.makeSceneBuilder = { root in
            var broken = root.configuration
            broken.screens = []
            return build(root.reconfigured(broken))
        }
        try kiosk.rewriteConfig(Self.config(values: "[[value]]\nname = \"temp\"\nsource = \"clock\"\nformat = \"%H:%M\"\n"
                                                    + "[[value]]\nname = \"queue\"\ninitial = \"0\"", text: "Now {temp}"))
        guard case .rejected = kiosk.daemon.reload() else { return XCTFail("the reload should be rejected") }
        XCTAssertEqual(texts(kiosk), ["Temp {C}: 19"], "the running screen keeps its value's text")
        XCTAssertEqual(kiosk.daemon.values, ["temp": "19"], "the running values stay, and no new one appears")
        kiosk.frames(3)
        XCTAssertNoThrow(try kiosk.daemon.setValue("temp", to: "20"), "temp is still set over D-Bus, not by a clock")
        XCTAssertEqual(texts(kiosk), ["Temp {C}: 20"])
    }

    func testATabTitleFollowsItsValueAcrossHighlightChanges() throws {
        let kiosk = try DaemonHarness(config: """
            [display]
            backend = "headless"
            size = "320x200"
            [camera]
            source = "none"
            [transition]
            duration = 0.2
            [tabs]
            enabled = true
              [[tabs.tab]]
              screen = "home"
              title = "Queue {queue}"
              [[tabs.tab]]
              screen = "other"
            [[value]]
            name = "queue"
            initial = "--"
            [[screen]]
            name = "home"
            [[screen]]
            name = "other"
            """)
        func tabTitle() -> String? {
            var title: String?
            kiosk.daemon.sceneHost.scene.rootView.forEachInTree { view in
                if view.name.hasPrefix("tab-Queue"), case .text(let content) = view.content { title = content.string }
            }
            return title
        }
        XCTAssertEqual(tabTitle(), "Queue --")
        try kiosk.daemon.goTo("other", animated: false)
        kiosk.settle()
        try kiosk.daemon.setValue("queue", to: "7")
        XCTAssertEqual(tabTitle(), "Queue 7", "the highlight's rebinding still follows the value")
        try kiosk.daemon.goTo("home", animated: false)
        kiosk.settle()
        XCTAssertEqual(tabTitle(), "Queue 7")
        XCTAssertEqual(kiosk.daemon.valueSources.store.bindingCount, 1, "one binding per tab, however often it is highlighted")
    }

    func testASecondsClockComposesOneSmallFrameASecondAndNoMore() throws {
        let kiosk = try DaemonHarness(config: Self.config(
            values: "[[value]]\nname = \"now\"\nsource = \"clock\"\nformat = \"%M:%S\"", text: "{now}"))
        kiosk.settle()
        let first = texts(kiosk)
        let start = kiosk.display.presentedFrameCount
        var damages: [[PixelRect]] = []
        // Five and a half seconds of vsyncs at 60 Hz: five turns of the second.
        for _ in 0..<330 {
            let count = kiosk.display.presentedFrameCount
            kiosk.frame()
            if kiosk.display.presentedFrameCount != count { damages.append(kiosk.display.lastDamage) }
        }
        XCTAssertNotEqual(texts(kiosk), first, "the clock moved on")
        XCTAssertEqual(kiosk.display.presentedFrameCount - start, 5, "one composition per second")
        for damage in damages {
            XCTAssertEqual(damage.count, 1, "one rectangle: \(damage)")
            XCTAssertTrue(damage.allSatisfy { textBox.contains($0) }, "\(damage) is inside the text's box")
        }
    }

    func testAClockValueShowsAStepOfTheWallClockAtOnceAndTicksOnFromIt() throws {
        let kiosk = try DaemonHarness(config: Self.config(
            values: "[[value]]\nname = \"now\"\nsource = \"clock\"\nformat = \"%H:%M\"", text: "{now}"))
        func shown(at date: Date) -> [String] { [ClockFeed.format("%H:%M", at: date.timeIntervalSince1970)] }
        XCTAssertEqual(texts(kiosk), shown(at: kiosk.wallClock.date))
        // NTP at boot, say: the time shows at once, not at the old clock's next minute.
        let stepped = kiosk.wallClock.local("2026-06-03 15:47").addingTimeInterval(30)
        kiosk.wallClock.set(to: stepped)
        XCTAssertEqual(texts(kiosk), shown(at: stepped))
        // And the next minute comes 30 s later by the new clock.
        kiosk.clock.advance(to: kiosk.clock.now + 31)
        XCTAssertEqual(texts(kiosk), shown(at: stepped.addingTimeInterval(60)))
    }

    func testAFileSourceFollowsWritesAndRenameOver() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("values-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("queue")
        try "A17\nignored\n".write(to: file, atomically: false, encoding: .utf8)
        let kiosk = try DaemonHarness(config: Self.config(
            values: "[[value]]\nname = \"queue\"\nsource = \"file\"\npath = \"\(file.path)\"", text: "Now: {queue}"))
        XCTAssertEqual(texts(kiosk), ["Now: A17"])

        try "A18\n".write(to: file, atomically: false, encoding: .utf8)
        XCTAssertTrue(kiosk.runLoop { self.texts(kiosk) == ["Now: A18"] }, "a write in place is seen: \(texts(kiosk))")

        let temporary = folder.appendingPathComponent("queue.tmp")
        try "B01".write(to: temporary, atomically: false, encoding: .utf8)
        XCTAssertEqual(rename(temporary.path, file.path), 0)
        XCTAssertTrue(kiosk.runLoop { self.texts(kiosk) == ["Now: B01"] }, "a rename over it is seen: \(texts(kiosk))")

        try FileManager.default.removeItem(at: file)
        try "C02".write(to: file, atomically: false, encoding: .utf8)
        XCTAssertTrue(kiosk.runLoop { self.texts(kiosk) == ["Now: C02"] }, "a re-created file is seen: \(texts(kiosk))")
    }
}

extension PixelRect {
    /// True when `other` lies wholly inside this rectangle.
    func contains(_ other: PixelRect) -> Bool {
        other.x >= x && other.y >= y && other.x + other.width <= x + width && other.y + other.height <= y + height
    }
}
