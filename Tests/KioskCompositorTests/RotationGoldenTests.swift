import KioskEngine
import XCTest
@testable import KioskCompositor

/// The final pass turns the scene onto the panel; the damage comes back in panel coordinates.
final class RotationGoldenTests: XCTestCase {
    private typealias S = TestScene

    /// A scene with a marker in its top-left corner, so each rotation puts it somewhere else.
    private func scene(for rotation: Rotation) -> View {
        let (w, h) = rotation.sceneSize(displayWidth: S.width, displayHeight: S.height)
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: Double(w), height: Double(h)))
        root.backgroundColor = Color(r: 32, g: 32, b: 40)
        root.addSubview(S.box("marker", Rect(x: 0, y: 0, width: 12, height: 8), S.red))
        root.addSubview(S.box("bar", Rect(x: 0, y: Double(h) - 4, width: Double(w), height: 4), S.green))
        return root
    }

    func testQuarterTurnPutsTheSceneTopLeftAtThePanelTopRight() {
        let frame = S.render(scene(for: .clockwise90), rotation: .clockwise90)
        XCTAssertEqual(frame[63, 0] & 0xFF_FFFF, 0xE6_2828, "the scene's top-left lands top-right")
        XCTAssertEqual(frame[56, 11] & 0xFF_FFFF, 0xE6_2828)
        XCTAssertEqual(frame[55, 12] & 0xFF_FFFF, 0x20_2028)
        XCTAssertEqual(frame[0, 24] & 0xFF_FFFF, 0x28_C850, "the scene's bottom lands on the left")
        GoldenImage.assertMatches(frame, "rotation-90")
    }

    func testHalfTurnPutsTheSceneTopLeftAtThePanelBottomRight() {
        let frame = S.render(scene(for: .clockwise180), rotation: .clockwise180)
        XCTAssertEqual(frame[63, 47] & 0xFF_FFFF, 0xE6_2828)
        XCTAssertEqual(frame[32, 0] & 0xFF_FFFF, 0x28_C850)
        GoldenImage.assertMatches(frame, "rotation-180")
    }

    func testThreeQuarterTurnPutsTheSceneTopLeftAtThePanelBottomLeft() {
        let frame = S.render(scene(for: .clockwise270), rotation: .clockwise270)
        XCTAssertEqual(frame[0, 47] & 0xFF_FFFF, 0xE6_2828, "the scene's top-left lands bottom-left")
        XCTAssertEqual(frame[63, 24] & 0xFF_FFFF, 0x28_C850, "the scene's bottom lands on the right")
        GoldenImage.assertMatches(frame, "rotation-270")
    }

    func testDamageIsReportedInPanelCoordinates() {
        let root = scene(for: .clockwise90)
        let compositor = Compositor(displayWidth: S.width, displayHeight: S.height, rotation: .clockwise90)
        compositor.render(root: root, background: nil)
        root.subviews[0].frame.origin.y = 20
        let damage = compositor.render(root: root, background: nil)
        // Scene rows 0..<28, columns 0..<12 become panel columns 36..<64, rows 0..<12.
        XCTAssertEqual(damage.reduce(PixelRect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) },
                       PixelRect(x: 36, y: 0, width: 28, height: 12))
        XCTAssertEqual(compositor.output[63, 0] & 0xFF_FFFF, 0x20_2028, "the old marker place is redrawn")
        XCTAssertEqual(compositor.output[40, 0] & 0xFF_FFFF, 0xE6_2828)
    }
}
