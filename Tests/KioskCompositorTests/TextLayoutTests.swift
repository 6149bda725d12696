import XCTest
@testable import KioskCompositor

/// Line breaking measured with a fixed 10 px per character, so widths are easy to reason about.
final class TextLayoutTests: XCTestCase {
    private func layout(_ string: String, width: Double = 100, maxLines: Int = 10) -> [String] {
        TextLayout(string, maxWidth: width, maxLines: maxLines) { Double($0.count) * 10 }.lines
    }

    func testShortTextStaysOnOneLine() {
        XCTAssertEqual(layout("Hello"), ["Hello"])
        XCTAssertEqual(layout("exactly 10"), ["exactly 10"], "a line exactly as wide as the view fits")
    }

    func testBreaksAtSpacesToFitTheWidth() {
        XCTAssertEqual(layout("the quick brown fox jumps over"), ["the quick", "brown fox", "jumps over"])
    }

    func testExplicitNewlinesBreakAndBlankLinesStay() {
        XCTAssertEqual(layout("one\n\ntwo three four"), ["one", "", "two three", "four"])
    }

    func testAWordWiderThanTheViewIsCutBetweenCharacters() {
        XCTAssertEqual(layout("a transitioning b", width: 50), ["a", "trans", "ition", "ing b"])
    }

    func testLinesBeyondTheLimitAreDropped() {
        XCTAssertEqual(layout("the quick brown fox jumps over", maxLines: 2), ["the quick", "brown fox"])
        XCTAssertEqual(layout("the quick brown fox", maxLines: 0), ["the quick"], "one line is always kept")
    }
}
