import XCTest
@testable import KioskConfig

final class DiagnosticTests: XCTestCase {
    func testSyntaxErrorCarriesTheParsersPosition() {
        let found = diagnostics("[display]\nbackend = \"drm\nmode = \"800x600\"\n")
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found[0].hasPrefix("kiosk.toml:2:15: TOML syntax error: "), found[0])
    }

    func testSingleTableWhereAnArrayOfTablesBelongs() {
        let found = diagnostics("[screen]\nname = \"a\"\n")
        XCTAssertEqual(found, ["kiosk.toml:1:1: screen: expected tables [[screen]], found a table"])
    }

    func testUnknownKeySuggestsTheClosestKnownOne() {
        let found = diagnostics("[display]\nbackend = \"drm\"\n  rotaton = 90\n")
        XCTAssertEqual(found, ["kiosk.toml:3:3: unknown key 'rotaton' in [display]; did you mean 'rotation'?"])
    }

    func testUnknownTableSuggestsTheClosestSection() {
        let found = diagnostics("[transtion]\nstyle = \"fade\"\n")
        XCTAssertEqual(found, ["kiosk.toml:1:1: unknown key 'transtion' in the top level; did you mean 'transition'?"])
    }

    func testUnknownKeyFarFromAnyListsTheValidKeys() {
        let found = diagnostics("[idle]\nzzz = 1\n")
        XCTAssertEqual(found, ["kiosk.toml:2:1: unknown key 'zzz' in [idle]; valid keys: blank-after, return-home-after"])
    }

    func testTopLevelKeyWrittenInsideATableSaysWhereItBelongs() {
        let found = diagnostics("[display]\nbackend = \"drm\"\nhome = \"a\"\n")
        XCTAssertEqual(found, ["kiosk.toml:3:1: unknown key 'home' in [display]; 'home' is a top-level key: move it above the first [table]"])
    }

    func testWrongTypeNamesExpectedAndFound() {
        let found = diagnostics("[transition]\nduration = \"fast\"\n[display]\nbuffers = 2.5\n")
        XCTAssertEqual(found, [
            "kiosk.toml:2:12: transition.duration: expected a number, found a string",
            "kiosk.toml:4:11: display.buffers: expected an integer, found a number",
        ])
    }

    func testOutOfRangeValuesGiveTheAllowedRange() {
        let found = diagnostics("[transition]\nfinish-progress = 1.5\nedge-width = 0\n")
        XCTAssertEqual(found, [
            "kiosk.toml:2:19: transition.finish-progress: 1.5 is out of range; allowed 0...1",
            "kiosk.toml:3:14: transition.edge-width: 0 is out of range; allowed 1...4096",
        ])
    }

    func testBadEnumValuesListTheChoices() {
        let found = diagnostics("[display]\nbackend = \"dmr\"\nrotation = 45\n")
        XCTAssertEqual(found, [
            "kiosk.toml:2:11: display.backend: \"dmr\" is not one of \"auto\", \"drm\", \"fbdev\", \"headless\" or \"sdl\"; did you mean \"drm\"?",
            "kiosk.toml:3:12: display.rotation: 45 is not one of 0, 90, 180 or 270",
        ])
    }

    func testBadColoursAndModesAreReportedWithTheirFormat() {
        let found = diagnostics("""
        [display]
        mode = "800by600"
        [background]
        tint = "#12345"
        [[screen]]
        name = "x"
        background = "red"
        """)
        XCTAssertEqual(found, [
            "kiosk.toml:2:8: display.mode: expected a mode \"WxH\" or \"WxH@Hz\", found \"800by600\"",
            "kiosk.toml:4:8: background.tint: expected a colour \"#RRGGBB\" or \"#RRGGBBAA\" (or \"transparent\"), found \"#12345\"",
            "kiosk.toml:7:14: screen.background: expected \"transparent\" or a colour \"#RRGGBB\" / \"#RRGGBBAA\", found \"red\"",
        ])
    }

    func testColoursAndSizesTakeOnlyTheirDocumentedForms() {
        let found = diagnostics("""
        [display]
        mode = "+5x+5"
        [background]
        tint = "#+fffff"
        """)
        XCTAssertEqual(found, [
            "kiosk.toml:2:8: display.mode: expected a mode \"WxH\" or \"WxH@Hz\", found \"+5x+5\"",
            "kiosk.toml:4:8: background.tint: expected a colour \"#RRGGBB\" or \"#RRGGBBAA\" (or \"transparent\"), found \"#+fffff\"",
        ])
    }

    func testBadGradientColourPointsAtTheElement() {
        let found = diagnostics("""
        [[screen]]
        name = "x"
          [[screen.element]]
          type = "gradient"
          colors = ["#ffffff", "blue"]
        """)
        XCTAssertEqual(found, [
            "kiosk.toml:5:24: screen.element.colors element 2: expected a colour \"#RRGGBB\" or \"#RRGGBBAA\" (or \"transparent\"), found \"blue\"",
        ])
    }

    func testDuplicateScreenNamesPointAtTheSecond() {
        let found = diagnostics("[[screen]]\nname = \"a\"\n[[screen]]\nname = \"b\"\n[[screen]]\nname = \"a\"\n")
        XCTAssertEqual(found, ["kiosk.toml:6:8: duplicate screen name \"a\" (first used on line 2)"])
    }

    func testTabsButtonsAndHomeMustNameExistingScreens() {
        let found = diagnostics("""
        home = "mian"
        [tabs]
        enabled = true
          [[tabs.tab]]
          screen = "ghost"
        [[screen]]
        name = "main"
          [[screen.element]]
          type = "scroll"
            [[screen.element.content]]
            type = "button"
            title = "Go"
            target = "nowhere"
        """)
        XCTAssertEqual(found, [
            "kiosk.toml:1:8: home names screen \"mian\", which does not exist; screens: \"main\"; did you mean \"main\"?",
            "kiosk.toml:5:12: tab names screen \"ghost\", which does not exist; screens: \"main\"",
            "kiosk.toml:13:14: button names screen \"nowhere\", which does not exist; screens: \"main\"",
        ])
    }

    func testMissingRequiredKeysPointAtTheirTable() {
        let found = diagnostics("""
        [[screen]]
        title = "No name"
          [[screen.element]]
          x = 3
        """)
        XCTAssertEqual(found, [
            "kiosk.toml:1:1: [screen] needs a 'name'",
            "kiosk.toml:3:3: [screen.element] needs a 'type': \"color\", \"gradient\", \"image\", \"text\", \"card\", \"scroll\", \"button\", \"video\" or \"web\"",
        ])
    }

    func testElementKeysAreCheckedAgainstTheirType() {
        let found = diagnostics("""
        [[screen]]
        name = "x"
          [[screen.element]]
          type = "text"
          text = "Hi"
          colour = "#ffffff"
          target = "x"
        """)
        XCTAssertEqual(found, [
            "kiosk.toml:6:3: unknown key 'colour' in a text element ([screen.element]); did you mean 'color'?",
            "kiosk.toml:7:3: unknown key 'target' in a text element ([screen.element]); valid keys: "
                + "type, x, y, width, height, opacity, text, font, font-size, weight, color, align, max-lines, overflow, line-spacing",
        ])
    }

    func testReportsEveryProblemAtOnceInFileOrder() {
        let found = diagnostics("""
        [camera]
        source = "webcam"
        fps = 0
        [transition]
        style = "flipp"
        duration = -1
        [[screen]]
        name = "a"
        [[screen]]
        name = "a"
        """)
        XCTAssertEqual(found.map { $0.split(separator: ":").prefix(3).joined(separator: ":") }, [
            "kiosk.toml:2:10", "kiosk.toml:3:7", "kiosk.toml:5:9", "kiosk.toml:6:12", "kiosk.toml:10:8",
        ])
        XCTAssertTrue(found[2].contains("did you mean \"flip\"?"), found[2])
    }

    func testCameraImageWithoutPathIsAnError() {
        let found = diagnostics("[camera]\nsource = \"image\"\n")
        XCTAssertEqual(found, ["kiosk.toml:2:1: [camera] source = \"image\" needs 'path': an image file or a folder of images"])
    }

    func testCalibrationMatrixNeedsSixNumbers() {
        let found = diagnostics("""
        [[input.device]]
        match = "/dev/input/event3"
        matrix = [1, 0, 0, 0, 1]
        min-x = 100
        max-x = 50
        """)
        XCTAssertEqual(found, [
            "kiosk.toml:3:10: input.device.matrix: expected 6 numbers, found 5",
            "kiosk.toml:5:9: input.device.max-x: must be greater than min-x (100)",
        ])
    }

    func testAHalfGivenAxisRangeIsAWarningNamingTheMissingEnd() throws {
        let configuration = try XCTUnwrap(loadValid("""
            [[input.device]]
            match = "ILITEK-TP"
            min-x = 100
            min-y = 20
            max-y = 900
            """))
        XCTAssertEqual(configuration.warnings.map(\.description), [
            "kiosk.toml:3:1: input.device.min-x without max-x: the device's own range is used; give both to override it",
        ])
    }

    func testUnreadableFileIsOneDiagnosticNamingIt() {
        let path = "/nonexistent/kiosk-\(UUID().uuidString).toml"
        guard case .failure(let error) = ConfigurationLoader.load(path: path) else {
            return XCTFail("a missing file must not load")
        }
        XCTAssertEqual(error.diagnostics.count, 1)
        XCTAssertTrue(error.description.hasPrefix("\(path): no such file"), error.description)
    }

    func testEditDistance() {
        XCTAssertEqual(KeySuggester.editDistance("rotaton", "rotation"), 1)
        XCTAssertEqual(KeySuggester.editDistance("kitten", "sitting"), 3)
        XCTAssertEqual(KeySuggester.editDistance("", "abc"), 3)
        XCTAssertEqual(KeySuggester.editDistance("dmr", "drm"), 1)
        XCTAssertNil(KeySuggester.suggestion(for: "zzz", among: ["backend", "mode"]))
    }
}
