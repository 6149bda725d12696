import XCTest
@testable import KioskConfig

/// The project's TOML 1.0 parser: the shapes that made toml++ abort the process are syntax errors at
/// their position, and the classes of cases toml-test's corpus checks (tables defined once, strings,
/// numbers, dates, inline tables, line endings) hold, each with an error a kiosk owner can act on.
final class TOMLParserTests: XCTestCase {
    /// `L:C: message` of the first error, or nil when `text` parses.
    private func syntaxError(_ text: String) -> String? {
        do {
            _ = try TOMLNode.parse(text)
            return nil
        } catch {
            return "\(error.position.line):\(error.position.column): \(error.message)"
        }
    }

    /// The value of `v` in `v = <text>`, drawn by `render`; nil (and a failure) when it does not parse.
    private func value(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        do {
            guard case .table(let entries) = try TOMLNode.parse("v = " + text), let value = entries.first?.value else { return nil }
            return render(value)
        } catch {
            XCTFail("v = \(text): \(error.position.line):\(error.position.column): \(error.message)", file: file, line: line)
            return nil
        }
    }

    private func document(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        do {
            return render(try TOMLNode.parse(text))
        } catch {
            XCTFail("\(error.position.line):\(error.position.column): \(error.message)", file: file, line: line)
            return nil
        }
    }

    private func render(_ node: TOMLNode) -> String {
        switch node {
        case .table(let entries): "{" + entries.map { "\($0.key): \(render($0.value))" }.joined(separator: ", ") + "}"
        case .array(let elements): "[" + elements.map(render).joined(separator: ", ") + "]"
        case .dateTime(let value): "\(value.kind) \(value.text)"
        default: node.literal
        }
    }

    // MARK: What toml++ aborted on

    func testShapesThatAbortedTomlPlusPlusAreSyntaxErrorsAtTheirPosition() {
        let cases = [
            // A table name starting with something other than a key character (toml++ asserted).
            ("[é]\n", "1:2: expected a key"), ("[[ é]]\n", "1:4: expected a key"), ("[.]\n", "1:2: expected a key"),
            ("a = 1\n  [\u{FFFD}screen]]\n", "2:4: expected a key"), ("[\n", "1:2: expected a key"),
            ("[[ ", "1:4: expected a key"), ("\u{FEFF}[\u{FFFD}indica]", "1:2: expected a key"),
            // A `}` where an array needs a value (FuzzConfig's find).
            ("i=[}", "1:4: expected a value"), ("a = [1, }", "1:9: expected a value"), ("a = [ # c\n}", "2:1: expected a value"),
            ("[t]\na={b=[}]}", "2:7: expected a value"), ("a=[[}]]", "1:5: expected a value"),
            ("a = [1}", "1:7: expected ',' or ']' after a value in the array opened at line 1, column 5, found '}'"),
        ]
        for (text, expected) in cases {
            guard case .failure(let error) = ConfigurationLoader.parse(text, fileName: "k.toml") else {
                XCTFail("\(text) was accepted")
                continue
            }
            XCTAssertEqual(error.diagnostics.count, 1, text)
            XCTAssertTrue(error.description.hasPrefix("k.toml:\(expected.prefix { $0 != " " }) TOML syntax error: \(expected.drop { $0 != " " }.dropFirst())"),
                          "\(text): \(error)")
        }
    }

    func testBracketsInsideValuesStringsAndCommentsAreNotHeaders() {
        XCTAssertNotNil(document("""
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
                ["#000000"],
              ]
            """))
        XCTAssertEqual(document("x = [\n[{a = 1}],\n]\n[ \"é\" ]\n['b']\n"), "{x: [[{a: 1}]], é: {}, b: {}}")
        for text in ["a = [{}]", "a = [\"}\", '}'] # }", "a = { b = [1, 2] }", "a = [\n]"] {
            XCTAssertNil(syntaxError(text), text)
        }
    }

    // MARK: Tables

    func testATableIsDefinedOnceAndAValueIsNeverExtended() {
        let cases = [
            ("[a]\n[a]", "2:1: the table [a] is defined twice (first at line 1); write its keys under one header"),
            ("a.b = 1\n[a]", "2:1: the table [a] is defined twice (first at line 1); write its keys under one header"),
            ("[a]\nb.c=1\n[a.b]", "3:1: the table [a.b] is defined twice (first at line 2); write its keys under one header"),
            ("[a.b.c]\nz = 9\n[a]\nb.c.t = 1", "4:3: 'b.c' is a table defined at line 1; set its keys there, not with a dotted key from another table"),
            ("a = {b = 1}\na.c = 2", "2:1: 'a' is already set to a value at line 1 and cannot hold keys"),
            ("a = {b = 1}\n[a.c]", "2:2: 'a' is already set to a value at line 1, so [a.c] cannot make a table in it"),
            ("a = 1\na = 2", "2:1: 'a' is set twice (first at line 1); keep one"),
            ("[t]\na = 1\n\"a\" = 2", "3:1: 'a' is set twice (first at line 2); keep one"),
            ("[[a]]\n[a]", "2:1: 'a' is an array of tables [[a]] at line 1; write [[a]] to add one more"),
            ("[a]\n[[a]]", "2:1: 'a' is a single table [a] at line 1, so [[a]] cannot add to it; write every one as [[a]]"),
            ("a = []\n[[a]]", "2:1: 'a' is already set to a value at line 1, so [[a]] cannot add a table to it"),
            ("[[a]]\nb.c = 1\n[a.b]", "3:1: the table [a.b] is defined twice (first at line 2); write its keys under one header"),
            ("a = { b = { c = 1 }, b.d = 2 }", "1:22: 'b' is already set to a value at line 1 and cannot hold keys"),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(syntaxError(text), expected, text)
        }
    }

    func testDottedKeysExtendTheirSectionAndHeadersAddSubTables() {
        XCTAssertEqual(document("[fruit]\napple.color = \"red\"\napple.taste.sweet = true\n[fruit.apple.texture]\nsmooth = true"),
                       "{fruit: {apple: {color: \"red\", taste: {sweet: true}, texture: {smooth: true}}}}")
        XCTAssertEqual(document("[a.b.c]\n[a]\nb.d = 1"), "{a: {b: {c: {}, d: 1}}}")
        XCTAssertEqual(document("[[a]]\n[a.b]\nx = 1\n[[a]]\n[[a.c]]\n[[a.c]]"), "{a: [{b: {x: 1}}, {c: [{}, {}]}]}")
        XCTAssertEqual(document("a = { b.c = 1, b.d = 2 }"), "{a: {b: {c: 1, d: 2}}}")
        XCTAssertEqual(document("\"a.b\" = 1\n'c d'.e = 2\n3.14 = 3"), "{a.b: 1, c d: {e: 2}, 3: {14: 3}}")
    }

    // MARK: Strings

    func testStringEscapesAndMultiLineStrings() {
        XCTAssertEqual(value(#""tab\tquote\" \u00E9 \U0001F600 \\""#), "\"tab\tquote\" é 😀 \\\"")
        XCTAssertEqual(value("'C:\\path\\'"), "\"C:\\path\\\"")
        XCTAssertEqual(value("\"\"\"\nfirst\r\nsecond\"\"\""), "\"first\nsecond\"")
        XCTAssertEqual(value("\"\"\"one \\\n    two \\  \n\n  three\"\"\""), "\"one two three\"")
        XCTAssertEqual(value("\"\"\"a\"\"\"\"\""), "\"a\"\"\"")
        XCTAssertEqual(value("'''it's''''"), "\"it's'\"")
        let cases = [
            ("v = \"\\uD800\"", "1:6: U+D800 is not a Unicode character (a surrogate, or beyond U+10FFFF)"),
            ("v = \"\\x41\"", "1:6: '\\' followed by 'x' is not an escape; write \\\\ for a backslash (escapes: \\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX \\UXXXXXXXX)"),
            ("v = \"\\u12\"", "1:6: a \\u escape needs 4 hex digits"),
            ("v = \"a\u{7}b\"", "1:7: a control character (U+0007) in a string; write it as an escape (\\u0007)"),
            ("v = 'a\u{7F}'", "1:7: a control character (U+007F) in a string; write it as an escape (\\u007F)"),
            ("v = \"\"\"a\"\"\"\"\"\"", "1:14: too many quotes: at most two may stand before the closing \"\"\""),
            ("v = \"\"\"\nabc", "2:4: the text opened with \"\"\" at line 1, column 5 is not closed; add the closing \"\"\""),
            ("v = 'abc\nw = 1", "1:9: the string is not closed before the end of the line; add the closing ' (text over several lines goes between ''' and ''')"),
            ("\"\"\"k\"\"\" = 1", "1:1: a key cannot be a multi-line string; write it as \"name\""),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(syntaxError(text), expected, text)
        }
    }

    // MARK: Numbers and booleans

    func testNumbersInEveryFormTOMLAllowsAndNoOther() {
        for (text, expected) in [("0xff_FF", "65535"), ("0o17", "15"), ("0b1_01", "5"), ("+1_000", "1000"), ("-0", "0"),
                                 ("9223372036854775807", "9223372036854775807"), ("-9223372036854775808", "-9223372036854775808"),
                                 ("6.02e23", "6.02e+23"), ("-1E-2", "-0.01"), ("1_0.5_0", "10.5"), ("0.0", "0.0"),
                                 ("inf", "inf"), ("-inf", "-inf"), ("+nan", "nan"), ("true", "true"), ("false", "false")] {
            XCTAssertEqual(value(text), expected, text)
        }
        let message = "is not a number; write it like 3.14, -0.5 or 6.02e23 (digits on both sides of the '.', '_' only between digits)"
        let cases = [
            ("v = 007", "1:5: '007' is not a number TOML allows: it starts with 0; remove the leading zeros"),
            ("v = 1__0", "1:5: '1__0' is not a number; write digits, with '_' only between digits (quote text: \"1__0\")"),
            ("v = 1_", "1:5: '1_' is not a number; write digits, with '_' only between digits (quote text: \"1_\")"),
            ("v = 1.", "1:5: '1.' \(message)"), ("v = .5", "1:5: '.5' is not a value; quote text (\".5\"), or write a number, true or false"),
            ("v = 1e", "1:5: '1e' \(message)"), ("v = 01.5", "1:5: '01.5' \(message)"), ("v = 1._5", "1:5: '1._5' \(message)"),
            ("v = 9223372036854775808", "1:5: '9223372036854775808' is not a 64-bit integer (from -9223372036854775808 to 9223372036854775807)"),
            ("v = 0x", "1:5: '0x' is not a number; write digits, with '_' only between digits (quote text: \"0x\")"),
            ("v = -0x1", "1:5: '-0x1' is not a number; write digits, with '_' only between digits (quote text: \"-0x1\")"),
            ("v = 0o8", "1:5: '0o8' is not a number; 0o takes 0-7, '_' only between digits, and at most 64 bits"),
            ("v = 0x_1", "1:5: '0x_1' is not a number; 0x takes 0-9 and a-f, '_' only between digits, and at most 64 bits"),
            ("v = tru", "1:5: 'tru' is not a value; quote text (\"tru\"), or write a number, true or false"),
            ("v = TRUE", "1:5: 'TRUE' is not a value; quote text (\"TRUE\"), or write a number, true or false"),
            ("backend = drm", "1:11: 'drm' is not a value; quote text (\"drm\"), or write a number, true or false"),
            ("v = truex", "1:5: 'truex' is not a value; quote text (\"truex\"), or write a number, true or false"),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(syntaxError(text), expected, text)
        }
    }

    // MARK: Dates and times

    func testDatesAndTimesOfEveryKindAreCheckedDayByDay() {
        XCTAssertEqual(value("1979-05-27T07:32:00Z"), "offsetDateTime 1979-05-27T07:32:00Z")
        XCTAssertEqual(value("1979-05-27 07:32:00.999-07:00"), "offsetDateTime 1979-05-27T07:32:00.999-07:00")
        XCTAssertEqual(value("1979-05-27t07:32:00z"), "offsetDateTime 1979-05-27T07:32:00Z")
        XCTAssertEqual(value("1979-05-27T07:32:00"), "localDateTime 1979-05-27T07:32:00")
        XCTAssertEqual(value("2024-02-29"), "localDate 2024-02-29")
        XCTAssertEqual(value("00:32:00.5"), "localTime 00:32:00.5")
        XCTAssertEqual(value("[1979-05-27, 1979-05-27 07:32:00]"), "[localDate 1979-05-27, localDateTime 1979-05-27T07:32:00]")
        for text in ["2023-02-29", "2100-02-29", "1979-13-01", "1979-04-31", "1979-05-27T24:00:00", "1979-05-27T07:60:00",
                     "1979-05-27T07:32:60", "07:32", "1979-05-27T07:32:00+24:00", "1979-05-27T07:32:00.", "1979-5-27", "1979-05-27T"] {
            XCTAssertEqual(syntaxError("v = \(text)"), "1:5: '\(text)' is not a valid date or time; write 1979-05-27, 07:32:00, "
                           + "1979-05-27T07:32:00 or 1979-05-27T07:32:00Z", text)
        }
        XCTAssertEqual(syntaxError("v = 1979-05-27 # a date\nw = 1979-05-27 x"),
                       "2:16: expected the end of the line after the value, found 'x'; write one key = value a line (quote text that has spaces)")
    }

    // MARK: Inline tables, arrays and lines

    func testInlineTablesStayOnOneLineAndArraysMaySpanLines() {
        XCTAssertEqual(document("a = [ # one\n  1,\n  \"two\", [3], {x = 4}, # mixed types are allowed in TOML 1.0\n]"),
                       "{a: [1, \"two\", [3], {x: 4}]}")
        let cases = [
            ("a = { b = 1,\n c = 2 }", "1:13: the inline table opened at line 1, column 5 must close with '}' on the same line; use a [table] header for a longer table"),
            ("a = {\nb = 1 }", "1:6: the inline table opened at line 1, column 5 must close with '}' on the same line; use a [table] header for a longer table"),
            ("a = {b = 1,}", "1:12: a ',' before '}' is not allowed in an inline table; delete it"),
            ("a = {b = 1 c = 2}", "1:12: expected ',' or '}' in the inline table opened at line 1, column 5, found 'c'"),
            ("a = [1 2]", "1:8: expected ',' or ']' after a value in the array opened at line 1, column 5, found '2'"),
            ("a = [1,,]", "1:8: expected a value (\"text\", a number, true, false, [an array] or {a table}), found ','"),
            ("a = [1", "1:7: the array opened at line 1, column 5 is not closed; add ']'"),
            ("a = 1 b = 2", "1:7: expected the end of the line after the value, found 'b'; write one key = value a line (quote text that has spaces)"),
            ("[a] x = 1", "1:5: expected the end of the line after the table header, found 'x'; write one key = value a line (quote text that has spaces)"),
            ("[a\n", "1:3: expected ']' to close the table header, found the end of the line"),
            ("[[a]\n", "1:5: expected ']]' to close the header [[a]], found the end of the line"),
            ("a b = 1", "1:3: expected '=' after the key 'a', found 'b'"),
            ("a = 1\rb = 2", "1:6: a carriage return (CR) without a line feed; save the file with LF or CRLF line endings"),
            ("# bell \u{7}\n", "1:8: a control character (U+0007) in a comment; delete it"),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(syntaxError(text), expected, text)
        }
        XCTAssertEqual(document("\u{FEFF}a = 1\r\n[t] # c\r\nb = \"x\" # c\r\n"), "{a: 1, t: {b: \"x\"}}")
    }
}
