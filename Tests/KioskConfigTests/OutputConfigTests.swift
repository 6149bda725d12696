import KioskEngine
import KioskOptions
import XCTest
@testable import KioskConfig

/// `[[display.output]]` and `[[input.device]] output`: what they read as, and their errors at the line they are on.
final class OutputConfigTests: XCTestCase {
    private static let screens = """
        [[screen]]
        name = "home"
        [[screen]]
        name = "menu"
        [[screen]]
        name = "prices"
        """

    func testOutputsReadAndTheFirstIsTheDisplayThatOpens() throws {
        let configuration = try ConfigurationLoader.parse("""
            [display]
            backend = "headless"
            [[display.output]]
            connector = "HDMI-A-1"
            mode = "1280x720@60"
            rotation = 90
            [[display.output]]
            connector = "DSI-1"
            size = "800x480"
            screens = ["menu", "prices"]
            cycle = 10
            [[display.output]]
            connector = "*"
            screens = "main"
            [[input.device]]
            match = "Panel Touch"
            output = "DSI-1"
            [[input.device]]
            match = "Other Touch"
            output = "HDMI-A-1"
            \(Self.screens)
            """, fileName: "kiosk.toml").get()
        let display = configuration.display
        XCTAssertEqual(display.connector, "HDMI-A-1")
        XCTAssertEqual(display.mode, ModeRequest(width: 1280, height: 720, refreshRate: 60))
        XCTAssertEqual(display.rotation, .clockwise90)
        XCTAssertEqual(display.secondaryOutputs, [
            OutputConfiguration(connector: "DSI-1", size: PixelSize(width: 800, height: 480), screens: .deck(["menu", "prices"]), cycle: 10),
            OutputConfiguration(connector: "*"),
        ])
        XCTAssertEqual(configuration.input.calibrations.map(\.output), ["DSI-1", nil], "the first output's devices are the first output's")
        XCTAssertEqual(ConfigurationCheck.describeDisplay(display),
                       "display headless 1280x800 rotated 90° with DSI-1 (menu, prices), * (mirror)", "check-config's summary")
        let deck = configuration.deck(for: display.outputs[1])
        XCTAssertEqual(deck.screens.map(\.name), ["menu", "prices"])
        XCTAssertEqual(deck.home, "menu")
    }

    func testTheTwoOutputExampleIsAcceptedByCheckConfig() throws {
        let check = ConfigurationCheck(path: repositoryConfigFile("two-outputs.toml"))
        XCTAssertTrue(check.isValid, check.report)
        let configuration = try XCTUnwrap(check.configuration)
        XCTAssertEqual(configuration.display.outputs.map(\.connector), ["DSI-1", "HDMI-A-1"])
        XCTAssertEqual(configuration.display.secondaryOutputs.first?.screens, .deck(["menu", "prices"]))
        XCTAssertEqual(configuration.input.calibrations.first?.output, nil, "mapped to the first output: the default")
    }

    func testOutputErrorsNameTheLineAndWhatToDo() {
        let found = diagnostics("""
            [[display.output]]
            connector = "HDMI-A-1"
            screens = ["menu"]
            [[display.output]]
            connector = "DSI-1"
            screens = ["menu", "pricse"]
            [[display.output]]
            connector = "DSI-1"
            cycle = 5
            [[display.output]]
            mode = "big"
            [[input.device]]
            match = "Touch"
            output = "DSI-2"
            \(Self.screens)
            """)
        XCTAssertEqual(found, [
            "kiosk.toml:3:11: [[display.output]] 1 shows the touch deck: its screens must be \"main\"; give the list to a later output",
            "kiosk.toml:6:20: [[display.output]] 2 screens names screen \"pricse\", which does not exist; screens: \"home\", \"menu\", \"prices\"; did you mean \"prices\"?",
            "kiosk.toml:8:13: [[display.output]] 3: connector \"DSI-1\" is already used by an earlier output; give each output its own connector",
            "kiosk.toml:9:9: display.output.cycle: only an output with its own deck cycles; give it screens = [\"...\", \"...\"]",
            "kiosk.toml:10:1: [display.output] needs a 'connector' key: a connector name such as \"HDMI-A-1\", or \"*\" for any other connected one",
            "kiosk.toml:11:8: display.output.mode: expected a mode \"WxH\" or \"WxH@Hz\", found \"big\"",
            "kiosk.toml:14:10: [[input.device]] 1 output names \"DSI-2\", which is not an output's connector; outputs: \"HDMI-A-1\", \"DSI-1\"; did you mean \"DSI-1\"?",
        ])
    }

    /// 1,000 outputs passed (issue 40) and the daemon then needed 1,001 threads: the 17th is refused at its header.
    func testTheSeventeenthOutputIsRefusedAtItsLine() {
        func outputs(_ count: Int) -> String {
            (1...count).map { "[[display.output]]\nconnector = \"C\($0)\"\n" }.joined() + Self.screens
        }
        XCTAssertEqual(loadValid(outputs(16))?.display.outputs.count, 16, "16 outputs are allowed")
        let found = diagnostics(outputs(1000))
        XCTAssertEqual(found, ["kiosk.toml:33:1: [[display.output]] 17 is more than the 16 outputs a kiosk may drive "
                               + "(each runs its own display thread and buffers); use fewer outputs"])
    }

    func testAReloadKeepsTheFirstOutputAndTakesTheOthersFromTheFile() throws {
        let running = try ConfigurationLoader.parse("""
            [[display.output]]
            connector = "A"
            [[display.output]]
            connector = "B"
            """, fileName: "kiosk.toml").get()
        let file = try ConfigurationLoader.parse("""
            [[display.output]]
            connector = "A"
            [[display.output]]
            connector = "C"
            [[display.output]]
            connector = "D"
            """, fileName: "kiosk.toml").get()
        XCTAssertEqual(running.restartOnlyChanges(to: file), [])
        XCTAssertEqual(running.reloadable(from: file).display.outputs.map(\.connector), ["A", "C", "D"])
        var moved = file
        moved.display.outputs[0].rotation = .clockwise180
        XCTAssertEqual(running.restartOnlyChanges(to: moved), ["[[display.output]] 1"])
        XCTAssertEqual(running.reloadable(from: moved).display.outputs[0].rotation, .none, "the first output runs on as it opened")
    }
}
