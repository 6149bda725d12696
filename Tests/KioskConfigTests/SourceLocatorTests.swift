import XCTest
@testable import KioskConfig

final class SourceLocatorTests: XCTestCase {
    private func path(_ components: ConfigPath.Component...) -> ConfigPath {
        ConfigPath(components)
    }

    func testLocatesTopLevelKeysAndTableKeys() {
        let locator = SourceLocator(text: """
        home = "camera"

        [display]
          backend = "drm"   # comment
        mode="800x600"
        """)
        XCTAssertEqual(locator.keyPosition(of: path(.key("home"))), SourcePosition(line: 1, column: 1))
        XCTAssertEqual(locator.valuePosition(of: path(.key("home"))), SourcePosition(line: 1, column: 8))
        XCTAssertEqual(locator.keyPosition(of: path(.key("display"))), SourcePosition(line: 3, column: 1))
        XCTAssertEqual(locator.keyPosition(of: path(.key("display"), .key("backend"))), SourcePosition(line: 4, column: 3))
        XCTAssertEqual(locator.valuePosition(of: path(.key("display"), .key("backend"))), SourcePosition(line: 4, column: 13))
        XCTAssertEqual(locator.valuePosition(of: path(.key("display"), .key("mode"))), SourcePosition(line: 5, column: 6))
    }

    func testNumbersArrayTablesAndNestsThemUnderTheLatestParent() {
        let locator = SourceLocator(text: """
        [[screen]]
        name = "a"
        [[screen.element]]
        type = "text"
        [[screen]]
        name = "b"
        [[screen.element]]
        type = "card"
        [[screen.element]]
        type = "image"
        """)
        XCTAssertEqual(locator.keyPosition(of: path(.key("screen"), .index(0))), SourcePosition(line: 1, column: 1))
        XCTAssertEqual(locator.valuePosition(of: path(.key("screen"), .index(1), .key("name"))),
                       SourcePosition(line: 6, column: 8))
        XCTAssertEqual(locator.keyPosition(of: path(.key("screen"), .index(0), .key("element"), .index(0), .key("type"))),
                       SourcePosition(line: 4, column: 1))
        XCTAssertEqual(locator.keyPosition(of: path(.key("screen"), .index(1), .key("element"), .index(0), .key("type"))),
                       SourcePosition(line: 8, column: 1))
        XCTAssertEqual(locator.keyPosition(of: path(.key("screen"), .index(1), .key("element"), .index(1), .key("type"))),
                       SourcePosition(line: 10, column: 1))
    }

    func testLocatesArrayElementsInlineTablesAndDottedKeys() {
        let locator = SourceLocator(text: """
        colors = [
          "#ffffff", # white
          "#6dd5fa",
        ]
        point = { x = 1, "y" = 2 }
        a.b = true
        """)
        XCTAssertEqual(locator.valuePosition(of: path(.key("colors"), .index(1))), SourcePosition(line: 3, column: 3))
        XCTAssertEqual(locator.keyPosition(of: path(.key("point"), .key("y"))), SourcePosition(line: 5, column: 18))
        XCTAssertEqual(locator.valuePosition(of: path(.key("point"), .key("x"))), SourcePosition(line: 5, column: 15))
        XCTAssertEqual(locator.keyPosition(of: path(.key("a"), .key("b"))), SourcePosition(line: 6, column: 3))
    }

    func testSkipsMultilineStringsThatLookLikeTables() {
        let locator = SourceLocator(text: #"""
        text = """
        [not.a.table]
        key = "inside"
        """
        after = 'x'
        """#)
        XCTAssertEqual(locator.keyPosition(of: path(.key("after"))), SourcePosition(line: 5, column: 1))
        XCTAssertNil(locator.keyPosition(of: path(.key("key"))))
        XCTAssertNil(locator.keyPosition(of: path(.key("not"))))
    }

    func testFallsBackToTheNearestWrittenAncestor() {
        let locator = SourceLocator(text: "[camera]\nsource = \"v4l2\"\n")
        XCTAssertEqual(locator.keyPosition(of: path(.key("camera"), .key("path"))), SourcePosition(line: 1, column: 1))
    }

    func testQuotedKeysSpacedHeadersAndArraysOfInlineTables() {
        let locator = SourceLocator(text: """
        [ "dis.play" ]
        'a#b' = "x # not a comment"
        list = [{ name = "one" }, { name = "two" }]
        """)
        XCTAssertEqual(locator.keyPosition(of: path(.key("dis.play"))), SourcePosition(line: 1, column: 1))
        XCTAssertEqual(locator.keyPosition(of: path(.key("dis.play"), .key("a#b"))), SourcePosition(line: 2, column: 1))
        XCTAssertEqual(locator.keyPosition(of: path(.key("dis.play"), .key("list"), .index(1), .key("name"))),
                       SourcePosition(line: 3, column: 29))
    }

    func testUnfinishedTextNeitherHangsNorCrashes() {
        for text in ["[[[", "a = [", "{", "a = \"unterminated", "x = { y = [1, {", "\"", "a.=1", "'''", "a = '''x"] {
            _ = SourceLocator(text: text)
        }
        XCTAssertEqual(SourceLocator(text: "a = [").valuePosition(of: path(.key("a"))), SourcePosition(line: 1, column: 5))
        XCTAssertEqual(SourceLocator(text: "x = { y = [1, {").valuePosition(of: path(.key("x"), .key("y"), .index(1))),
                       SourcePosition(line: 1, column: 15))
    }
}
