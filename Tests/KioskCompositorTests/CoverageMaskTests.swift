import KioskEngine
import KioskTestFixtures
import XCTest
@testable import KioskCompositor

/// The 8-bit coverage that rounded corners and text are composited through.
final class CoverageMaskTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestFonts.pin()
    }

    func testARoundedRectangleCoversItsAreaWithAntiAliasedCorners() {
        let mask = CoverageMask(roundedRectWidth: 60, height: 40, radius: 12)
        XCTAssertEqual(mask[0, 0], 0, "the corner is cut")
        XCTAssertEqual(mask[59, 39], 0)
        XCTAssertEqual(mask[30, 0], 255, "the straight edge is whole")
        XCTAssertEqual(mask[0, 20], 255)
        XCTAssertEqual(mask[30, 20], 255)
        var total = 0
        for y in 0..<40 {
            for x in 0..<60 { total += Int(mask[x, y]) }
        }
        // A rectangle less four corners of r² - πr²/4 each.
        let area = 60.0 * 40 - (4 - Double.pi) * 144
        XCTAssertEqual(Double(total) / 255, area, accuracy: area * 0.002)
        let diagonal = (0..<12).map { mask[$0, $0] }
        XCTAssertTrue(diagonal.contains { $0 > 0 && $0 < 255 }, "the arc has partly covered pixels: \(diagonal)")
        XCTAssertEqual(diagonal, diagonal.sorted(), "coverage grows towards the inside")
    }

    func testAMaskWithoutRadiusIsTheWholeRectangle() {
        let mask = CoverageMask(roundedRectWidth: 5, height: 3, radius: 0)
        for y in 0..<3 {
            for x in 0..<5 { XCTAssertEqual(mask[x, y], 255) }
        }
    }

    func testDilationGrowsCoverageByTheRadius() {
        let mask = CoverageMask(width: 9, height: 9)
        mask.bytes[4 * mask.stride + 4] = 200
        let grown = mask.dilated(by: 2)
        XCTAssertEqual(grown[4, 2], 200)
        XCTAssertEqual(grown[6, 4], 200)
        XCTAssertEqual(grown[5, 5], 200)
        XCTAssertEqual(grown[6, 6], 0, "beyond the radius on the diagonal")
        XCTAssertEqual(grown[4, 1], 0)
    }

    func testTextCoverageIsAntiAliasedAndFollowsTheOrigin() throws {
        let layout = TextShaper().layout(TextContent("Swift", fontSize: 24, alignment: .left), width: 100, height: 40)
        let atOrigin = layout.coverage(width: 120, height: 60)
        let moved = layout.coverage(width: 120, height: 60, x: 7, y: 11)
        func ink(_ mask: CoverageMask) -> (box: PixelRect, levels: Set<UInt8>)? {
            var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1, levels = Set<UInt8>()
            for y in 0..<mask.height {
                for x in 0..<mask.width where mask[x, y] > 0 {
                    minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                    levels.insert(mask[x, y])
                }
            }
            return maxX < 0 ? nil : (PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1), levels)
        }
        let a = try XCTUnwrap(ink(atOrigin), "the text is drawn"), b = try XCTUnwrap(ink(moved))
        XCTAssertEqual(b.box, PixelRect(x: a.box.x + 7, y: a.box.y + 11, width: a.box.width, height: a.box.height))
        XCTAssertGreaterThan(a.box.width, 40, "five letters of a 24 px font")
        XCTAssertGreaterThan(a.levels.count, 20, "edges are anti-aliased, not two-level")
        XCTAssertTrue(a.levels.contains(255), "stems are solid")
    }
}
