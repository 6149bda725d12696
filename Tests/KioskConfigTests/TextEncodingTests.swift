import Foundation
import XCTest
@testable import KioskConfig

/// Files no editor means to write as TOML (zeros from a power cut, UTF-16, stray bytes) are errors at
/// their position, never parsed as whatever comes before the damage (cases toml-test's
/// `control/only-null` and `encoding/utf16-*` revealed).
final class TextEncodingTests: XCTestCase {
    private var paths: [String] = []

    override func tearDown() {
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
    }

    private func load(_ bytes: [UInt8]) -> [String] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-encoding-\(UUID().uuidString).toml").path
        paths.append(path)
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        switch ConfigurationLoader.load(path: path) {
        case .success: XCTFail("loaded"); return []
        case .failure(let error): return error.diagnostics.map { $0.description.replacingOccurrences(of: path, with: "F") }
        }
    }

    private let goodConfig = "[[screen]]\nname = \"a\"\n[[screen]]\nname = \"b\"\n"

    func testAFileOfZerosIsAnErrorAtItsStart() {
        XCTAssertEqual(load([UInt8](repeating: 0, count: 4096)), ["F:1:1: \(TextEncodingCheck.nulMessage)"])
        XCTAssertEqual(load([0]), ["F:1:1: \(TextEncodingCheck.nulMessage)"])
    }

    func testANULAfterAGoodConfigIsAnErrorAtItsLineAndColumn() {
        let bytes = Array((goodConfig + "x = 1").utf8) + [0] + Array("bogus = [1,,\n".utf8)
        XCTAssertEqual(load(bytes), ["F:5:6: \(TextEncodingCheck.nulMessage)"])
        // Text handed over as a string (the demo, tests) is held to the same rule.
        XCTAssertEqual(diagnostics(goodConfig + "a\u{0}"), ["kiosk.toml:5:2: \(TextEncodingCheck.nulMessage)"])
    }

    func testUTF16WithOrWithoutAByteOrderMarkSaysToSaveAsUTF8() {
        let text = "# a comment\n[[screen]]\nname = \"a\"\n"
        let littleEndian = text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let bigEndian = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let expected = ["F: is UTF-16 text; save it as UTF-8 (TOML files are UTF-8)"]
        XCTAssertEqual(load([0xFF, 0xFE] + littleEndian), expected)
        XCTAssertEqual(load([0xFE, 0xFF] + bigEndian), expected)
        XCTAssertEqual(load(littleEndian), expected)
        XCTAssertEqual(load(bigEndian), expected)
    }

    func testInvalidUTF8IsReportedAtTheFirstBadByte() {
        let bytes = Array("[[screen]]\nname = \"é".utf8) + [0xC3, 0x28] + Array("\"\n".utf8)
        XCTAssertEqual(load(bytes), ["F:2:10: is not valid UTF-8 text (byte 0xC3 here); save it as UTF-8"])
        // Overlong forms, surrogates and truncated sequences are not UTF-8 either.
        XCTAssertEqual(TextEncodingCheck.firstInvalidUTF8([0x61, 0xC0, 0xAF]), 1)
        XCTAssertEqual(TextEncodingCheck.firstInvalidUTF8([0xED, 0xA0, 0x80]), 0)
        XCTAssertEqual(TextEncodingCheck.firstInvalidUTF8([0x61, 0x62, 0xE2, 0x82]), 2)
        XCTAssertNil(TextEncodingCheck.firstInvalidUTF8(Array("ok é € 𝄞".utf8)))
    }
}
