import XCTest
@testable import KioskConfig

final class ValueConfigTests: XCTestCase {
    func testValuesReadEachSourceWithItsDefaults() throws {
        let configuration = try XCTUnwrap(loadValid("""
            [[value]]
            name = "temp"
            initial = "--"
            [[value]]
            name = "time"
            source = "clock"
            [[value]]
            name = "queue"
            source = "file"
            path = "/run/kiosk/queue"
            [[value]]
            name = "load"
            source = "command"
            command = ["/usr/bin/uptime"]
            timeout = 2
            """))
        XCTAssertEqual(configuration.values, [
            ValueConfiguration(name: "temp", source: .dbus, initial: "--"),
            ValueConfiguration(name: "time", source: .clock(format: "%H:%M")),
            ValueConfiguration(name: "queue", source: .file(path: "/run/kiosk/queue", maxLength: 256)),
            ValueConfiguration(name: "load", source: .command(CommandSpec(argv: ["/usr/bin/uptime"], interval: 10, timeout: 2))),
        ])
    }

    func testTemplatesSplitPlaceholdersAndKeepEscapedBraces() throws {
        let template = try TextTemplate(parsing: "{{x}} is {temp}°, {{{time}}}")
        XCTAssertEqual(template.parts, [.literal("{x} is "), .value("temp"), .literal("°, {"), .value("time"), .literal("}")])
        XCTAssertEqual(template.render { ["temp": "21", "time": "12:00"][$0] }, "{x} is 21°, {12:00}")
        XCTAssertEqual(template.placeholders.map(\.offset), [9, 20])
        XCTAssertEqual(try TextTemplate(parsing: "}} and }").parts, [.literal("} and }")])
    }

    func testUnknownPlaceholderIsReportedAtItsColumnWithADidYouMean() {
        let found = diagnostics("""
            [[value]]
            name = "temp"
            [[screen]]
            name = "a"
            [[screen.element]]
            type = "text"
            text = "Now {tmp} degrees"
            """)
        XCTAssertEqual(found, ["kiosk.toml:7:13: screen.element.text: {tmp} names no value; values: \"temp\"; did you mean \"temp\"?"])
    }

    func testABraceThatNeverClosesIsReportedWhereItOpens() {
        let found = diagnostics("""
            [[screen]]
            name = "a"
            title = "ok"
            [[screen.element]]
            type = "button"
            target = "a"
            title = "Go {now"
            """)
        XCTAssertEqual(found, ["kiosk.toml:7:13: screen.element.title: this '{' never closes; write '{{' for a literal brace"])
    }

    func testValueNamesMustBeUniqueAndWellFormed() {
        let found = diagnostics("""
            [[value]]
            name = "a b"
            [[value]]
            name = "x"
            [[value]]
            name = "x"
            source = "clocks"
            """)
        XCTAssertEqual(found, [
            "kiosk.toml:2:8: value.name: \"a b\" may hold only letters, digits, '_' and '-'",
            "kiosk.toml:6:8: duplicate value name \"x\" (first used on line 4)",
            "kiosk.toml:7:10: value.source: \"clocks\" is not one of \"dbus\", \"clock\", \"file\", \"command\" or \"mqtt\"; did you mean \"clock\"?",
        ])
    }

    func testButtonsReadTheirActionsAndNeedNamesForSignalsAndCommands() throws {
        let configuration = try XCTUnwrap(loadValid("""
            [[screen]]
            name = "a"
            [[screen.element]]
            type = "button"
            name = "door"
            action = "exec"
            command = ["/bin/true", "--side", "left"]
            confirm-ms = 400
            [[screen.element]]
            type = "button"
            name = "bell"
            action = "signal"
            [[screen.element]]
            type = "button"
            target = "a"
            """))
        let buttons = configuration.screens[0].elements.compactMap { element -> ButtonElement? in
            if case .button(let button) = element.kind { return button }
            return nil
        }
        XCTAssertEqual(buttons.map(\.action), [.exec(CommandSpec(argv: ["/bin/true", "--side", "left"], timeout: 5)), .signal, .screen("a")])
        XCTAssertEqual(buttons[0].confirmSeconds, 0.4)
        let found = diagnostics("""
            [[screen]]
            name = "a"
            [[screen.element]]
            type = "button"
            action = "signal"
            [[screen.element]]
            type = "button"
            name = "x"
            action = "signal"
            [[screen.element]]
            type = "button"
            name = "x"
            action = "signal"
            """)
        XCTAssertEqual(found, [
            "kiosk.toml:3:1: a signal button needs a 'name': signals and logs name it",
            "kiosk.toml:12:8: duplicate button name \"x\" on this screen",
        ])
    }

    func testTheLobbyExampleIsAcceptedByCheckConfig() throws {
        let check = ConfigurationCheck(path: repositoryConfigFile("lobby.toml"))
        XCTAssertTrue(check.isValid, check.report)
        let configuration = try XCTUnwrap(check.configuration)
        XCTAssertEqual(configuration.values.map(\.source.kind), [.clock, .file, .dbus])
        XCTAssertTrue(configuration.screens[0].elements.contains { element in
            if case .button(let button) = element.kind, case .exec = button.action { return true }
            return false
        }, "the door button runs a command")
    }

    func testTheReferenceConfigDocumentsValuesAndButtonActions() throws {
        let example = try XCTUnwrap(loadValid(try String(contentsOfFile: repositoryConfigFile("kiosk.toml"), encoding: .utf8)))
        XCTAssertEqual(example.values, [ValueConfiguration(name: "temp", source: .dbus, initial: "--")])
        let text = try String(contentsOfFile: repositoryConfigFile("kiosk.toml"), encoding: .utf8)
        for key in ["source = ", "initial = ", "format = ", "path = ", "max-length = ", "command = ", "interval = ",
                    "timeout = ", "action = ", "confirm-ms = ", "name = \"back\""] {
            XCTAssertTrue(text.contains(key), "Config/kiosk.toml documents \(key)")
        }
    }
}
