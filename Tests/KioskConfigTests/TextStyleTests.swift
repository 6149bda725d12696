import KioskEngine
import XCTest
@testable import KioskConfig

/// The text keys Pango's layout takes: a family list, direction-relative alignment, max-lines,
/// overflow and line-spacing.
final class TextStyleTests: XCTestCase {
    func testPangoKeysAreRead() throws {
        let configuration = try XCTUnwrap(loadValid("""
        [[screen]]
        name = "a"
          [[screen.element]]
          type = "text"
          text = "مرحبا"
          font = "Noto Sans, Noto Sans CJK SC"
          align = "start"
          max-lines = 2
          overflow = "ellipsis"
          line-spacing = 1.5
        """))
        XCTAssertEqual(configuration.screens[0].elements[0].kind, .text(TextElement(text: "مرحبا", style: TextStyle(
            font: "Noto Sans, Noto Sans CJK SC", alignment: .start, maxLines: 2, overflow: .ellipsis, lineSpacing: 1.5))))
    }

    func testBadTextValuesAreReportedWithTheirChoicesAndRanges() {
        let found = diagnostics("""
        [[screen]]
        name = "a"
          [[screen.element]]
          type = "text"
          text = "x"
          align = "begin"
          max-lines = 0
          overflow = "fade"
          line-spacing = 9
        """)
        XCTAssertEqual(found, [
            "kiosk.toml:6:11: screen.element.align: \"begin\" is not one of \"left\", \"center\", \"right\", \"start\" or \"end\"",
            "kiosk.toml:7:15: screen.element.max-lines: 0 is out of range; allowed 1...1000",
            "kiosk.toml:8:14: screen.element.overflow: \"fade\" is not one of \"clip\" or \"ellipsis\"",
            "kiosk.toml:9:18: screen.element.line-spacing: 9 is out of range; allowed 0.5...4",
        ])
    }
}
