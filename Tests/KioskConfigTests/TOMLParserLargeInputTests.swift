import XCTest
@testable import KioskConfig

/// Issue 24's shapes at full size: whatever fits under the 1 MiB cap parses (or is refused at the
/// nesting bound) in one pass. Their speed is measured by a benchmark, not here; these check the
/// results, and that nothing is refused or dropped at that size.
final class TOMLParserLargeInputTests: XCTestCase {
    private func parseRoot(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [(key: String, value: TOMLNode)] {
        do {
            guard case .table(let entries) = try TOMLNode.parse(text) else { return [] }
            return entries
        } catch {
            XCTFail("\(error.position.line):\(error.position.column): \(error.message)", file: file, line: line)
            return []
        }
    }

    func testFiftyThousandKeysInOneTableKeepTheirOrderAndDuplicatesAreFound() {
        let keys = (0..<50_000).map { "k\($0)" }
        let text = "[t]\n" + keys.map { "\($0) = \"\($0)\"\n" }.joined()
        XCTAssertLessThan(text.utf8.count, ConfigBounds.maximumBytes)
        guard case .table(let entries)? = parseRoot(text).first?.value else { return XCTFail("no table") }
        XCTAssertEqual(entries.map(\.key), keys)
        XCTAssertThrowsError(try TOMLNode.parse(text + "k49999 = 1\n")) { error in
            XCTAssertEqual((error as? TOMLSyntaxError)?.message, "'k49999' is set twice (first at line 50001); keep one")
        }
    }

    func testAnArrayOfOneHundredFiftyThousandValuesAndStringsOfHalfAMegabyte() {
        let numbers = "a = [" + (0..<150_000).map(String.init).joined(separator: ",") + "]\n"
        XCTAssertLessThan(numbers.utf8.count, ConfigBounds.maximumBytes)
        guard case .array(let elements)? = parseRoot(numbers).first?.value else { return XCTFail("no array") }
        XCTAssertEqual(elements.count, 150_000)
        if case .integer(let last)? = elements.last { XCTAssertEqual(last, 149_999) } else { XCTFail("not an integer") }

        let long = String(repeating: "é", count: 250_000)
        let strings = "s = \"\(long)\"\nm = '''\n\(long)'''\n"
        XCTAssertLessThan(strings.utf8.count, ConfigBounds.maximumBytes)
        let root = parseRoot(strings)
        XCTAssertEqual(root.count, 2)
        for entry in root {
            if case .string(let text) = entry.value { XCTAssertEqual(text.count, 250_000) } else { XCTFail("not a string") }
        }
    }

    func testTwentyThousandArrayTablesAndNestingAtTheBound() {
        let text = String(repeating: "[[screen]]\nname = \"s\"\n", count: 20_000)
        guard case .array(let screens)? = parseRoot(text).first?.value else { return XCTFail("no array of tables") }
        XCTAssertEqual(screens.count, 20_000)
        // 32 levels in all pass: 31 inline tables inside the key, or 31 header keys and one key.
        let inline = "x = " + String(repeating: "{ a = ", count: 31) + "1" + String(repeating: " }", count: 31)
        XCTAssertEqual(parseRoot(inline).count, 1)
        let header = "[" + Array(repeating: "a", count: 31).joined(separator: ".") + "]\nb = 1\n"
        XCTAssertEqual(parseRoot(header).count, 1)
        XCTAssertThrowsError(try TOMLNode.parse("[" + Array(repeating: "a", count: 32).joined(separator: ".") + "]\nb = 1\n")) { error in
            XCTAssertEqual((error as? TOMLSyntaxError)?.position, SourcePosition(line: 2, column: 1))
            XCTAssertEqual((error as? TOMLSyntaxError)?.isBound, true)
        }
        // Deeper than the bound, arrays and inline tables stop at the first value past it.
        let arrays = "x = " + String(repeating: "[", count: 100_000)
        XCTAssertThrowsError(try TOMLNode.parse(arrays)) { error in
            XCTAssertEqual((error as? TOMLSyntaxError)?.position, SourcePosition(line: 1, column: 37))
        }
        let tables = "x = " + String(repeating: "{a=", count: 100_000)
        XCTAssertThrowsError(try TOMLNode.parse(tables)) { error in
            XCTAssertEqual((error as? TOMLSyntaxError)?.position, SourcePosition(line: 1, column: 6 + 3 * 31))
        }
    }
}
