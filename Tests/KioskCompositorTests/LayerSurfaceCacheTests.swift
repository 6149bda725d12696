import KioskEngine
import KioskTestFixtures
import XCTest
@testable import KioskCompositor

/// A surface's ink bounds decide how much of it is composited each frame.
final class LayerSurfaceCacheTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestFonts.pin()
    }

    func testInkBoundsHoldEveryVisiblePixelAndNoMore() {
        let buffer = PixelBuffer(width: 20, height: 10)
        XCTAssertNil(LayerSurfaceCache.inkBounds(of: buffer), "a clear surface has no ink")
        buffer[3, 7] = 0x0100_0000
        buffer[15, 2] = 0xFF12_3456
        XCTAssertEqual(LayerSurfaceCache.inkBounds(of: buffer), PixelRect(x: 3, y: 2, width: 13, height: 6))
    }

    func testALabelsInkIsItsGlyphsAndAnOpaqueBodyIsWhole() {
        let cache = LayerSurfaceCache()
        let label = LayerSurfaceKey(width: 64, height: 48, backgroundColor: .clear, cornerRadius: 0, shadow: nil,
                                    content: .text(TextContent("i", fontSize: 12)))
        let ink = cache.surface(for: label, frame: 1).ink
        XCTAssertNotNil(ink)
        XCTAssertLessThan(ink?.width ?? 64, 10, "a narrow glyph in a wide label")
        XCTAssertTrue(ink.map { $0.x > 20 && $0.maxX < 44 } ?? false, "centred")
        let card = LayerSurfaceKey(width: 30, height: 20, backgroundColor: .white, cornerRadius: 6, shadow: nil, content: .none)
        XCTAssertEqual(cache.surface(for: card, frame: 1).ink, PixelRect(x: 0, y: 0, width: 30, height: 20))
    }
}
