import XCTest
@testable import KioskConfig

/// What toml++ would abort on (table names, a `}` where an array needs a value) are syntax errors
/// with a position instead.
final class TOMLAbortGuardTests: XCTestCase {
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
        XCTAssertNil(TOMLAbortGuard.firstAbort(in: text))
        XCTAssertNil(TOMLAbortGuard.firstAbort(in: "x = [\n[{a = 1}],\n]\n[ \"é\" ]\n['b']\n"))
    }

    /// FuzzConfig's find: toml++ asserts that a value does not start with `}`.
    func testClosingBraceWhereAnArrayNeedsAValueIsASyntaxError() {
        let cases = [("i=[}", 1, 4), ("a = [1, }", 1, 9), ("a = [ # c\n}", 2, 1), ("[t]\na={b=[}]}", 2, 7), ("a=[[}]]", 1, 5)]
        for (text, line, column) in cases {
            guard case .failure(let error) = ConfigurationLoader.parse(text, fileName: "k.toml") else {
                return XCTFail("\(text) was accepted")
            }
            XCTAssertEqual(error.diagnostics.count, 1)
            XCTAssertEqual(error.diagnostics.first?.position, SourcePosition(line: line, column: column), text)
            XCTAssertTrue(error.description.contains("TOML syntax error: an array needs a value or ']' here, not '}'"),
                          "\(error)")
        }
        for text in ["a = [1}", "a = [{}]", "a = [\"}\", '}'] # }", "a = { b = [1, 2] }", "a = [\n]"] {
            XCTAssertNil(TOMLAbortGuard.firstAbort(in: text), text)
        }
    }
}
