import KioskEngine
import KioskTestFixtures
import XCTest
@testable import KioskCompositor

/// Pango lays text out: line breaks by Unicode and dictionary rules, direction, alignment, overflow.
final class TextLayoutTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestFonts.pin()
    }

    // Lazy: test cases are made before any class setUp, and a font map made then would miss the pinned fonts.
    private lazy var shaper = TextShaper()

    func testThaiBreaksOnlyBetweenWords() {
        let sentence = ArticleLines.thaiWords.joined()
        let layout = shaper.layout(TextContent(sentence, fontSize: 24), width: 300, height: 400)
        XCTAssertGreaterThan(layout.lineCount, 2, "a narrow box wraps the sentence")
        XCTAssertEqual(layout.lines.joined(), sentence, "every character is drawn once")
        var boundaries = Set<Int>(), offset = 0
        for word in ArticleLines.thaiWords {
            offset += word.count
            boundaries.insert(offset)
        }
        var end = 0
        for line in layout.lines.dropLast() {
            end += line.count
            XCTAssertTrue(boundaries.contains(end), "a line ends inside a word: \(line)")
        }
    }

    func testLinesBeyondTheHeightOrMaxLinesAreNotDrawn() {
        let text = "one two three four five six seven eight nine ten"
        let tall = shaper.layout(TextContent(text, fontSize: 20), width: 80, height: 400)
        XCTAssertGreaterThan(tall.lineCount, 4)
        XCTAssertEqual(shaper.layout(TextContent(text, fontSize: 20), width: 80, height: 60).lineCount, 2,
                       "two lines of about 27 px fit 60 px")
        XCTAssertEqual(shaper.layout(TextContent(text, fontSize: 20, maxLines: 3), width: 80, height: 400).lineCount, 3)
        XCTAssertEqual(shaper.layout(TextContent(text, fontSize: 20), width: 80, height: 5).lineCount, 1,
                       "one line at least, clipped")
    }

    func testEllipsisEndsTheLastLineAndClipDoesNot() {
        let text = ArticleLines.german + " " + ArticleLines.german
        let clipped = shaper.layout(TextContent(text, fontSize: 20, maxLines: 2, overflow: .clip), width: 200, height: 60)
        let ellipsized = shaper.layout(TextContent(text, fontSize: 20, maxLines: 2, overflow: .ellipsis), width: 200, height: 60)
        XCTAssertEqual(clipped.lineCount, 2)
        XCTAssertEqual(ellipsized.lineCount, 2)
        let inkOf = { (layout: TextLayout) -> PixelBuffer in
            let buffer = PixelBuffer(width: 200, height: 60)
            layout.draw(into: buffer, color: .black)
            return buffer
        }
        let a = inkOf(clipped), b = inkOf(ellipsized)
        let secondLineDiffers = (32..<60).contains { y in (0..<200).contains { a[$0, y] != b[$0, y] } }
        let firstLineSame = (0..<26).allSatisfy { y in (0..<200).allSatisfy { a[$0, y] == b[$0, y] } }
        XCTAssertTrue(firstLineSame && secondLineDiffers, "the ellipsis changes the last line only")
    }

    func testLineSpacingScalesTheDistanceBetweenLines() {
        func inkHeight(_ spacing: Double) -> Int {
            let layout = shaper.layout(TextContent("one\ntwo", fontSize: 20, lineSpacing: spacing), width: 100, height: 200)
            let buffer = PixelBuffer(width: 100, height: 200)
            layout.draw(into: buffer, color: .black)
            return LayerSurfaceCache.inkBounds(of: buffer)?.height ?? 0
        }
        let single = inkHeight(1), double = inkHeight(2)
        XCTAssertGreaterThan(single, 30, "two lines")
        // Baselines move apart by one more line height of a 20 px font, about 27 px.
        XCTAssertEqual(double - single, 27, accuracy: 4)
    }

    func testRightToLeftParagraphsAlignToTheirStart() {
        func inkColumns(_ string: String, _ alignment: TextAlignment) -> ClosedRange<Int>? {
            let layout = shaper.layout(TextContent(string, fontSize: 24, alignment: alignment), width: 600, height: 40)
            let buffer = PixelBuffer(width: 600, height: 40)
            layout.draw(into: buffer, color: .black)
            return LayerSurfaceCache.inkBounds(of: buffer).map { $0.x...($0.x + $0.width - 1) }
        }
        let arabic = ArticleLines.arabic, german = "Swift"
        XCTAssertGreaterThan(inkColumns(arabic, .start)?.upperBound ?? 0, 590, "Arabic starts at the right")
        XCTAssertLessThan(inkColumns(arabic, .end)?.lowerBound ?? 600, 10, "and ends at the left")
        XCTAssertLessThan(inkColumns(arabic, .left)?.lowerBound ?? 600, 10, "left stays left")
        XCTAssertGreaterThan(inkColumns(arabic, .right)?.upperBound ?? 0, 590, "right stays right")
        XCTAssertLessThan(inkColumns(german, .start)?.lowerBound ?? 600, 10, "Latin starts at the left")
        XCTAssertGreaterThan(inkColumns(german, .end)?.upperBound ?? 0, 590)
    }

    func testALayoutIsMadeOnceAndKeptWhileOnlyTheLookChanges() {
        let compositor = Compositor(displayWidth: 200, displayHeight: 100)
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 200, height: 100))
        let label = View(name: "label", frame: Rect(x: 0, y: 0, width: 180, height: 40))
        label.content = .text(TextContent(ArticleLines.german, fontSize: 16))
        root.addSubview(label)
        for step in 0..<20 {
            label.frame.origin.x = Double(step)
            label.alpha = 1 - Double(step) / 40
            compositor.render(root: root, background: nil)
        }
        XCTAssertEqual(compositor.surfaces.textLayouts.layoutsMade, 1, "frames move and fade the label, never lay it out")
        label.backgroundColor = Color(r: 10, g: 20, b: 30)
        compositor.render(root: root, background: nil)
        XCTAssertEqual(compositor.surfaces.textLayouts.layoutsMade, 1, "a new background redraws the surface, not the layout")
        label.content = .text(TextContent(ArticleLines.thai, fontSize: 16))
        compositor.render(root: root, background: nil)
        XCTAssertEqual(compositor.surfaces.textLayouts.layoutsMade, 2, "new text is laid out")
        label.frame.size.width = 120
        compositor.render(root: root, background: nil)
        XCTAssertEqual(compositor.surfaces.textLayouts.layoutsMade, 3, "a new size is laid out")
    }
}
