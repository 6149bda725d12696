import Foundation
import KioskConfig
@testable import KioskRuntime
import KioskTestSupport
import XCTest

/// The shapes of configs that pass a look but cannot run (5,000 screens, eight 16384-pixel
/// elements, a 16384-pixel display, a config over its memory budget): the daemon refuses each
/// at start, and a reload into one keeps the running kiosk.
final class ConfigCostInProcessTests: XCTestCase {
    private static let running = """
        [camera]
        source = "none"
        [[screen]]
        name = "first"
        background = "#102030"
        [[screen]]
        name = "second"
        background = "#d01010"
        """

    private static func screens(_ count: Int) -> String {
        "[camera]\nsource = \"none\"\n" + (0..<count).map { "[[screen]]\nname = \"s\($0)\"\nbackground = \"#203040\"\n" }.joined()
    }

    private static func squares(_ count: Int, side: Int, limits: String = "") -> String {
        "[camera]\nsource = \"none\"\n" + limits + "[[screen]]\nname = \"big\"\n"
            + String(repeating: "[[screen.element]]\ntype = \"color\"\ncolor = \"#ff0000\"\nwidth = \(side)\nheight = \(side)\n", count: count)
    }

    private static let hugeDisplay = "[display]\nbackend = \"headless\"\nsize = \"16384x16384\"\n" + running

    /// Eight 2048x2048 squares (128 MiB on show) against a 64 MiB budget.
    private static let overBudget = squares(8, side: 2048, limits: "[limits]\nmemory = \"64M\"\n")

    /// Each shape with a piece of the message that refuses it.
    private static let shapes: [(name: String, config: String, message: String)] = [
        ("5,000 screens", screens(5000), "screen 1001 is more than the 1000 screens a kiosk may have"),
        ("8 elements of 16384x16384", squares(8, side: 16384), "the element is 16384x16384 pixels; each side may be at most 8192"),
        ("a 16384x16384 display", hugeDisplay, "[display] size 16384x16384 is larger than the 8192x8192"),
        ("over [limits] memory", overBudget, "more than its memory budget of 64 MiB ([limits] memory)"),
    ]

    func testEachShapeIsRefusedAtStart() {
        for shape in Self.shapes {
            XCTAssertThrowsError(try DaemonHarness(config: shape.config), shape.name) { error in
                XCTAssertTrue("\(error)".contains(shape.message), "\(shape.name): \(String("\(error)".prefix(600)))")
            }
        }
    }

    func testTheBudgetRefusalNamesTheEstimateAndItsParts() {
        XCTAssertThrowsError(try DaemonHarness(config: Self.overBudget)) { error in
            // At the harness's 320x200 headless display: 128 MiB of squares, 44 MiB for the program, a 250 KiB frame.
            XCTAssertTrue("\(error)".contains("this config needs about 172 MiB at 320x200: the surfaces of the screens in reach 128 MiB, "
                                              + "the program 44 MiB, the composed frame 250 KiB, 1 screen and 8 elements 48 KiB"), "\(error)")
        }
        XCTAssertNoThrow(try DaemonHarness(config: Self.squares(8, side: 2048, limits: "[limits]\nmemory = \"256M\"\n")))
    }

    func testAReloadIntoEachShapeKeepsTheRunningKiosk() throws {
        let kiosk = try DaemonHarness(config: Self.running)
        kiosk.settle()
        try kiosk.daemon.goTo("second", animated: false)
        kiosk.frame()
        for shape in Self.shapes {
            try kiosk.rewriteConfig(shape.config)
            let result = kiosk.daemon.reload()
            guard case .rejected(let why) = result else {
                XCTFail("\(shape.name): \(result)")
                continue
            }
            XCTAssertTrue(why.contains(shape.message), "\(shape.name): \(why.prefix(600))")
            XCTAssertEqual(kiosk.daemon.screenNames, ["first", "second"], shape.name)
            XCTAssertEqual(kiosk.daemon.currentScreen, "second", shape.name)
            XCTAssertTrue(kiosk.log.contains("not applied; the running config stays"), shape.name)
        }
        // Still running: a swipe back works.
        try kiosk.drag(from: .init(x: 40, y: 100), to: .init(x: 290, y: 100))
        kiosk.settle()
        XCTAssertEqual(kiosk.daemon.currentScreen, "first")
        try kiosk.rewriteConfig(Self.running.replacingOccurrences(of: "#d01010", with: "#10d010"))
        XCTAssertEqual(kiosk.daemon.reload(), .applied, "a good file is still taken after the refusals")
    }

    func testTheSameRefusalAgainLogsItsCauseOnce() throws {
        let kiosk = try DaemonHarness(config: Self.running)
        for shape in [Self.shapes[2], Self.shapes[3]] {
            try kiosk.rewriteConfig(shape.config)
            for _ in 0..<5 { XCTAssertFalse(kiosk.daemon.reload().isAccepted) }
            XCTAssertEqual(kiosk.log.lines.filter { $0.contains(shape.message) }.count, 1, "\(shape.name): \(kiosk.log.lines)")
        }
        XCTAssertEqual(kiosk.log.lines.filter { $0.contains("reload refused again for the same problems") }.count, 8)
        // A good reload between makes the next refusal whole again.
        try kiosk.rewriteConfig(Self.running.replacingOccurrences(of: "#d01010", with: "#10d010"))
        XCTAssertEqual(kiosk.daemon.reload(), .applied)
        try kiosk.rewriteConfig(Self.overBudget)
        XCTAssertFalse(kiosk.daemon.reload().isAccepted)
        XCTAssertEqual(kiosk.log.lines.filter { $0.contains(Self.shapes[3].message) }.count, 2)
    }

    func testAMegabyteScreenOrValueNameIsShortenedInTheAnswer() throws {
        let kiosk = try DaemonHarness(config: Self.running + "\n[[value]]\nname = \"t\"\nsource = \"dbus\"\n")
        let long = String(repeating: "n", count: 1 << 20)
        XCTAssertThrowsError(try kiosk.daemon.goTo(long, animated: false)) { error in
            XCTAssertEqual("\(error)", "no screen is called \"\(String(repeating: "n", count: 64))…(1048576 bytes)\"")
        }
        XCTAssertThrowsError(try kiosk.daemon.setValue(long, to: "x")) { error in
            XCTAssertTrue("\(error)".hasPrefix("no value named \"\(String(repeating: "n", count: 64))…(1048576 bytes)\"; values: \"t\""),
                          String("\(error)".prefix(300)))
        }
    }

    func testTheLatencyLineSaysMetForAFigureEqualToItsGoal() {
        // 16.7 + 1.0 = 17.7 as shown; a p99 of 17.74 is shown as 17.7 too.
        let equal = RenderPacer.latencyLine(count: 10, p50: 10, p90: 15, p99: 17.74, period: 16.7, compose: 0.96)
        XCTAssertTrue(equal.hasSuffix("goal p99 <= 17.7 ms: met"), equal)
        let over = RenderPacer.latencyLine(count: 10, p50: 10, p90: 15, p99: 17.8, period: 16.7, compose: 0.96)
        XCTAssertTrue(over.hasSuffix("goal p99 <= 17.7 ms: missed"), over)
    }
}
