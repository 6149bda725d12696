import Foundation
import KioskEngine
import KioskTestFixtures
import XCTest
@testable import KioskCompositor

/// The compositor's text looks as Pango itself draws it: each article line against `pango-view`
/// rendering the same text, font and pixel size, compared by ink box and ink profile.
final class PangoReferenceTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestFonts.pin()
    }

    /// Both sides are Pango with the same fonts, rendered by FreeType (ours through pangoft2, pango-view's
    /// through cairo), at whole-pixel origins, and measured here they are identical (same boxes, profile
    /// difference 0 for all five lines). What may differ elsewhere is a
    /// sub-pixel origin (pango-view's margin, our rounding) and anti-aliasing at the ink threshold: a
    /// pixel at an edge of the box, and about 1% of the ink per glyph edge moved by a pixel. A wrong
    /// font, a missed fallback or unshaped text changes the width by tens of pixels and the profiles
    /// by over 30% (seen: Arabic unjoined 693 px against 618, profile 0.97).
    private let boxTolerance = 1
    private let profileTolerance = 0.02

    func testArticleLinesMatchPangoView() throws {
        let pangoView = try XCTUnwrap(Self.executable("pango-view"), "pango-view is missing: install pango1.0-tools (make deps)")
        for line in [ArticleLines.german, ArticleLines.chinese, ArticleLines.arabic, ArticleLines.thai, ArticleLines.mixed] {
            let reference = try Self.pangoViewInk(pangoView, line)
            let ours = Self.compositorInk(line)
            let referenceBox = try XCTUnwrap(reference.box, line), ourBox = try XCTUnwrap(ours.box, line)
            XCTAssertEqual(ourBox.width, referenceBox.width, accuracy: boxTolerance, "ink width of \(line)")
            XCTAssertEqual(ourBox.height, referenceBox.height, accuracy: boxTolerance, "ink height of \(line)")
            let columns = Self.profileDifference(ours.columns(in: ourBox), reference.columns(in: referenceBox))
            let rows = Self.profileDifference(ours.rows(in: ourBox), reference.rows(in: referenceBox))
            XCTAssertLessThan(columns, profileTolerance, "column ink profile of \(line)")
            XCTAssertLessThan(rows, profileTolerance, "row ink profile of \(line)")
        }
    }

    /// Ink per pixel, 0...255.
    private struct Ink {
        var width: Int
        var height: Int
        var values: [Int]

        /// Pixels inked at least a quarter: faint anti-aliasing is where renderings may differ.
        var box: PixelRect? {
            var minX = width, minY = height, maxX = -1, maxY = -1
            for y in 0..<height {
                for x in 0..<width where values[y * width + x] >= 64 {
                    minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                }
            }
            return maxX < 0 ? nil : PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
        }

        func columns(in box: PixelRect) -> [Int] {
            (box.x..<box.x + box.width).map { x in (box.y..<box.y + box.height).reduce(0) { $0 + values[$1 * width + x] } }
        }

        func rows(in box: PixelRect) -> [Int] {
            (box.y..<box.y + box.height).map { y in (box.x..<box.x + box.width).reduce(0) { $0 + values[y * width + $1] } }
        }
    }

    /// The summed absolute difference of two profiles aligned at their first pixel, over their total ink.
    private static func profileDifference(_ a: [Int], _ b: [Int]) -> Double {
        let count = max(a.count, b.count)
        let difference = (0..<count).reduce(0) { $0 + abs((a.indices.contains($1) ? a[$1] : 0) - (b.indices.contains($1) ? b[$1] : 0)) }
        return Double(difference) / Double(max(a.reduce(0, +) + b.reduce(0, +), 1)) * 2
    }

    private static func compositorInk(_ line: String) -> Ink {
        let key = LayerSurfaceKey(width: 1600, height: 90, backgroundColor: .clear, cornerRadius: 0, shadow: nil,
                                  content: .text(TextContent(line, fontSize: 36, color: .white, alignment: .left, fontFamily: "Sans")))
        let buffer = LayerPainter(textLayouts: TextLayoutCache()).paint(key).buffer
        var values: [Int] = []
        for y in 0..<buffer.height {
            for x in 0..<buffer.width { values.append(Int(buffer[x, y] >> 24)) }
        }
        return Ink(width: buffer.width, height: buffer.height, values: values)
    }

    private static func pangoViewInk(_ pangoView: String, _ line: String) throws -> Ink {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-kiosk-pango-view-\(UUID()).png")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: pangoView)
        process.environment = TestFonts.environment
        process.arguments = ["--pixels", "--font=Sans 36", "--text=\(line)", "--margin=10", "-q", "-o", output.path]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "pango-view failed on \(line)")
        // Black on white: ink is how far a pixel is from white.
        let buffer = try ImageDecoder.decode(contentsOf: output.path)
        var values: [Int] = []
        for y in 0..<buffer.height {
            for x in 0..<buffer.width { values.append(255 - Int(buffer[x, y] >> 8 & 0xFF)) }
        }
        return Ink(width: buffer.width, height: buffer.height, values: values)
    }

    private static func executable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
