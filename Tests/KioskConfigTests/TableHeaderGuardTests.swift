import XCTest
@testable import KioskConfig

/// Table names toml++ would abort on are syntax errors with a position instead.
final class TableHeaderGuardTests: XCTestCase {
    func testHeadersStartingWithAnUnquotedCharacterAreSyntaxErrors() {
        for (text, column) in [("[é]\n", 2), ("[[ é]]\n", 4), ("[.]\n", 2), ("a = 1\n  [\u{FFFD}screen]]\n", 4), ("[\n", 2), ("[[ ", 4), ("\u{FEFF}[\u{FFFD}indica]", 2)] {
            guard case .failure(let error) = ConfigurationLoader.parse(text, fileName: "k.toml") else {
                return XCTFail("\(text) was accepted")
            }
            XCTAssertEqual(error.diagnostics.count, 1)
            XCTAssertEqual(error.diagnostics.first?.position?.column, column, text)
            XCTAssertTrue(error.description.contains("TOML syntax error: a table name starts with a letter"), "\(error)")
        }
    }

    func testBracketsInsideValuesStringsAndCommentsAreNotHeaders() {
        let text = """
            # [é] in a comment
            home = "a"
            [[screen]]
            name = "a"
            title = '''
            [é] in a multi-line string
            '''
              [[screen.element]]
              type = "gradient"
              colors = [
                ["#000000"][0],
              ]
            """
        XCTAssertNil(TableHeaderGuard.firstUnsafeHeader(in: text))
        XCTAssertNil(TableHeaderGuard.firstUnsafeHeader(in: "x = [\n[{a = 1}],\n]\n[ \"é\" ]\n['b']\n"))
    }
}
