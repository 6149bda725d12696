import KioskEngine
import KioskTestFixtures
import XCTest
@testable import KioskCompositor

/// Goldens of the articles' languages as a screen shows them, in the default font.
final class ArticleTextGoldenTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestFonts.pin()
    }

    /// The fonts are pinned (TestFonts); anti-aliasing may still differ a little between FreeType versions.
    private let tolerance = 24

    /// The goldens were drawn with Debian 12's FreeType 2.12. Debian 13's 2.13 (make test-arm64 runs
    /// over its root) draws a few edge pixels of the same font files' glyphs further off than that:
    /// 4 of text-articles' 128 000, by up to 48 levels, in WenQuanYi's CJK strokes. With another
    /// FreeType that many are allowed; with the goldens' own, none.
    private let outliers = FreeTypeVersion.current == FreeTypeVersion.goldens ? 0 : 16

    private func render(width: Int, height: Int, _ labels: [(Rect, TextContent)]) -> PixelBuffer {
        let compositor = Compositor(displayWidth: width, displayHeight: height)
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        root.backgroundColor = Color(r: 32, g: 32, b: 40)
        for (frame, content) in labels {
            let label = View(name: "label", frame: frame)
            label.backgroundColor = Color(r: 48, g: 48, b: 64)
            label.content = .text(content)
            root.addSubview(label)
        }
        compositor.render(root: root, background: nil)
        return compositor.output
    }

    func testEachArticleLanguageInTheDefaultFont() {
        let lines = [ArticleLines.german, ArticleLines.chinese, ArticleLines.arabic, ArticleLines.thai]
        let frame = render(width: 640, height: 200, lines.enumerated().map { index, line in
            (Rect(x: 10, y: 10 + Double(index) * 46, width: 620, height: 40), TextContent(line, fontSize: 24, alignment: .start))
        })
        GoldenImage.assertMatches(frame, "text-articles", tolerance: tolerance, outliers: outliers)
    }

    func testRightToLeftAlignment() {
        let alignments: [TextAlignment] = [.start, .end, .left, .center, .right]
        let frame = render(width: 480, height: 240, alignments.enumerated().map { index, alignment in
            (Rect(x: 10, y: 10 + Double(index) * 46, width: 460, height: 40),
             TextContent("مرحبا يا هبر!", fontSize: 24, alignment: alignment))
        })
        GoldenImage.assertMatches(frame, "text-rtl", tolerance: tolerance, outliers: outliers)
    }

    func testThaiWrappedInANarrowBox() {
        let frame = render(width: 320, height: 200, [
            (Rect(x: 10, y: 10, width: 300, height: 180), TextContent(ArticleLines.thaiWords.joined(), fontSize: 24, alignment: .start)),
        ])
        GoldenImage.assertMatches(frame, "text-thai-wrapped", tolerance: tolerance, outliers: outliers)
    }

    func testEllipsisEndsALatinLineAndATwoLineArabicText() {
        let text = ArticleLines.german + " " + ArticleLines.german
        let frame = render(width: 320, height: 130, [
            (Rect(x: 10, y: 10, width: 300, height: 30), TextContent(text, fontSize: 20, alignment: .left, overflow: .ellipsis)),
            (Rect(x: 10, y: 50, width: 300, height: 70),
             TextContent(ArticleLines.arabic + " " + ArticleLines.arabic, fontSize: 20, alignment: .start, maxLines: 2, overflow: .ellipsis)),
        ])
        GoldenImage.assertMatches(frame, "text-ellipsis", tolerance: tolerance, outliers: outliers)
    }

    func testMixedScriptLine() {
        let frame = render(width: 520, height: 60, [
            (Rect(x: 10, y: 10, width: 500, height: 40), TextContent(ArticleLines.mixed, fontSize: 24, alignment: .left)),
        ])
        GoldenImage.assertMatches(frame, "text-mixed", tolerance: tolerance, outliers: outliers)
    }
}
