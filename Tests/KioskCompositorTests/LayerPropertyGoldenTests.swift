import KioskEngine
import XCTest
@testable import KioskCompositor

/// One golden per view property, at 64x48.
final class LayerPropertyGoldenTests: XCTestCase {
    private typealias S = TestScene

    func testWholePixelTranslationIsExact() {
        let root = S.root()
        let box = S.box("box", Rect(x: 10, y: 8, width: 16, height: 12), S.red)
        box.transform = .translation(x: 5, y: 3)
        root.addSubview(box)
        let frame = S.render(root)
        XCTAssertEqual(frame[15, 11] & 0xFF_FFFF, 0xE6_2828)
        XCTAssertEqual(frame[30, 22] & 0xFF_FFFF, 0xE6_2828)
        XCTAssertEqual(frame[14, 11] & 0xFF_FFFF, 0x20_2028, "no bleed left of the box")
        XCTAssertEqual(frame[31, 23] & 0xFF_FFFF, 0x20_2028, "no bleed below-right of the box")
        GoldenImage.assertMatches(frame, "translation")
    }

    func testFractionalTranslationBlendsEdges() {
        let root = S.root()
        root.addSubview(S.box("box", Rect(x: 10.5, y: 8, width: 16, height: 12), S.red))
        let frame = S.render(root)
        let edge = frame[10, 12] >> 16 & 0xFF
        XCTAssertTrue(edge > 0x20 && edge < 0xE6, "the half-covered column is a blend, got \(edge)")
        GoldenImage.assertMatches(frame, "translation-fractional")
    }

    func testScaleStretchesAndSquashesAboutTheCentre() {
        let root = S.root()
        let box = S.box("box", Rect(x: 22, y: 14, width: 20, height: 20), S.green)
        box.transform = .scale(x: 1.5, y: 0.5)
        root.addSubview(box)
        let frame = S.render(root)
        XCTAssertEqual(frame[32, 24] & 0xFF_FFFF, 0x28_C850)
        XCTAssertEqual(frame[32, 16] & 0xFF_FFFF, 0x20_2028, "squashed vertically about the centre")
        XCTAssertEqual(frame[18, 24] & 0xFF_FFFF, 0x28_C850, "stretched horizontally about the centre")
        GoldenImage.assertMatches(frame, "scale")
    }

    func testRotationTurnsASquareIntoADiamondAboutItsCentre() {
        let root = S.root()
        let box = S.box("box", Rect(x: 20, y: 12, width: 24, height: 24), S.blue)
        box.transform = .rotation(z: .pi / 4)
        root.addSubview(box)
        let frame = S.render(root)
        XCTAssertEqual(frame[32, 24] & 0xFF_FFFF, 0x28_5AE6)
        XCTAssertEqual(frame[21, 13] & 0xFF_FFFF, 0x20_2028, "the square's corner turned away")
        XCTAssertEqual(frame[32, 9] & 0xFF_FFFF, 0x28_5AE6, "the diamond reaches up past the square")
        GoldenImage.assertMatches(frame, "rotation")
    }

    func testPerspectiveFlipNarrowsAndTapers() {
        let root = S.root()
        let card = View(name: "card", frame: Rect(x: 12, y: 8, width: 40, height: 32))
        card.content = .linearGradient(S.cardGradient)
        card.transform = Transform3D.rotation(y: .pi / 4).concatenating(.perspective(distance: 80))
        root.addSubview(card)
        let frame = S.render(root)
        func columnHeight(_ x: Int) -> Int { (0..<S.height).filter { frame[x, $0] & 0xFF_FFFF != 0x20_2028 }.count }
        XCTAssertEqual(frame[12, 24] & 0xFF_FFFF, 0x20_2028, "edge-on rotation pulls the left edge in")
        XCTAssertNotEqual(columnHeight(22), columnHeight(42), "perspective makes one side taller than the other")
        GoldenImage.assertMatches(frame, "perspective-flip")
    }

    func testAlphaBlendsWithWhatIsBelow() {
        let root = S.root()
        root.addSubview(S.box("under", Rect(x: 8, y: 8, width: 30, height: 30), S.blue))
        let over = S.box("over", Rect(x: 24, y: 16, width: 30, height: 24), S.red)
        over.alpha = 0.5
        root.addSubview(over)
        let frame = S.render(root)
        let mixed = frame[30, 24]
        XCTAssertEqual(Int(mixed >> 16 & 0xFF), (0xE6 + 0x28) / 2, accuracy: 2)
        XCTAssertEqual(Int(mixed & 0xFF), (0x28 + 0xE6) / 2, accuracy: 2)
        GoldenImage.assertMatches(frame, "alpha")
    }

    func testTranslucentBackgroundColour() {
        let root = S.root()
        root.addSubview(S.box("tint", Rect(x: 8, y: 8, width: 48, height: 32), Color(r: 255, g: 255, b: 255, a: 128)))
        let frame = S.render(root)
        XCTAssertEqual(Int(frame[30, 20] >> 16 & 0xFF), (255 + 32) / 2, accuracy: 2)
        GoldenImage.assertMatches(frame, "background-colour")
    }

    func testRoundedCornersAreAntialiased() {
        let root = S.root()
        let card = S.box("card", Rect(x: 8, y: 6, width: 48, height: 36), .white)
        card.cornerRadius = 12
        root.addSubview(card)
        let frame = S.render(root)
        XCTAssertEqual(frame[8, 6] & 0xFF_FFFF, 0x20_2028, "the corner is cut")
        XCTAssertEqual(frame[32, 6] & 0xFF_FFFF, 0xFF_FFFF, "the edge between corners is straight")
        let partial = (0..<12).map { frame[8 + $0, 6 + $0] >> 16 & 0xFF }.filter { $0 > 0x20 && $0 < 0xFF }
        XCTAssertFalse(partial.isEmpty, "the arc has intermediate (anti-aliased) pixels")
        GoldenImage.assertMatches(frame, "rounded-corners")
    }

    func testClipsToBounds() {
        let root = S.root()
        let parent = S.box("parent", Rect(x: 8, y: 8, width: 24, height: 24), S.blue)
        parent.clipsToBounds = true
        parent.addSubview(S.box("child", Rect(x: 12, y: 12, width: 30, height: 30), S.red))
        root.addSubview(parent)
        let frame = S.render(root)
        XCTAssertEqual(frame[31, 31] & 0xFF_FFFF, 0xE6_2828)
        XCTAssertEqual(frame[33, 33] & 0xFF_FFFF, 0x20_2028, "the child is cut at the parent's edge")
        GoldenImage.assertMatches(frame, "clipping")
    }

    func testRoundedClipCutsSubviewCorners() {
        let root = S.root()
        let parent = S.box("parent", Rect(x: 8, y: 6, width: 48, height: 36), S.blue)
        parent.cornerRadius = 12
        parent.clipsToBounds = true
        parent.addSubview(S.box("child", Rect(x: -10, y: -10, width: 40, height: 40), S.red))
        root.addSubview(parent)
        let frame = S.render(root)
        XCTAssertEqual(frame[9, 7] & 0xFF_FFFF, 0x20_2028, "the child is cut by the parent's rounded corner")
        XCTAssertEqual(frame[20, 20] & 0xFF_FFFF, 0xE6_2828)
        XCTAssertEqual(frame[7, 20] & 0xFF_FFFF, 0x20_2028, "and by its straight edge")
        GoldenImage.assertMatches(frame, "clipping-rounded")
    }

    func testRoundedClipWithAlpha() {
        let root = S.root()
        let parent = View(name: "parent", frame: Rect(x: 8, y: 6, width: 48, height: 36))
        parent.cornerRadius = 12
        parent.clipsToBounds = true
        let child = S.box("child", Rect(x: 0, y: 0, width: 48, height: 36), .white)
        child.alpha = 0.5
        parent.addSubview(child)
        root.addSubview(parent)
        let frame = S.render(root)
        XCTAssertEqual(frame[9, 7] & 0xFF_FFFF, 0x20_2028)
        XCTAssertEqual(Int(frame[30, 20] >> 16 & 0xFF), (255 + 32) / 2, accuracy: 2)
        GoldenImage.assertMatches(frame, "clipping-rounded-alpha")
    }

    func testZOrderFollowsSubviewOrder() {
        let root = S.root()
        let a = S.box("a", Rect(x: 6, y: 6, width: 28, height: 28), S.red)
        let b = S.box("b", Rect(x: 18, y: 12, width: 28, height: 28), S.green)
        let c = S.box("c", Rect(x: 30, y: 18, width: 28, height: 28), S.blue)
        [a, b, c].forEach(root.addSubview)
        root.bringSubviewToFront(a)
        let frame = S.render(root)
        XCTAssertEqual(frame[25, 20] & 0xFF_FFFF, 0xE6_2828, "a was brought to the front")
        XCTAssertEqual(frame[40, 30] & 0xFF_FFFF, 0x28_5AE6, "c is above b")
        GoldenImage.assertMatches(frame, "z-order")
    }

    func testHiddenViewAndItsSubviewsAreNotDrawn() {
        let root = S.root()
        let hidden = S.box("hidden", Rect(x: 8, y: 8, width: 20, height: 20), S.red)
        hidden.addSubview(S.box("child", Rect(x: 4, y: 4, width: 8, height: 8), S.green))
        hidden.isHidden = true
        root.addSubview(hidden)
        root.addSubview(S.box("shown", Rect(x: 36, y: 20, width: 20, height: 20), S.blue))
        let frame = S.render(root)
        XCTAssertEqual(frame[16, 16] & 0xFF_FFFF, 0x20_2028)
        XCTAssertEqual(frame[40, 30] & 0xFF_FFFF, 0x28_5AE6)
        GoldenImage.assertMatches(frame, "hidden")
    }

    func testShadowFallsBelowTheCard() {
        let root = S.root()
        root.backgroundColor = Color(r: 200, g: 200, b: 200)
        let card = S.box("card", Rect(x: 14, y: 8, width: 36, height: 26), .white)
        card.cornerRadius = 6
        card.shadow = Shadow(color: Color(red: 0, green: 0, blue: 0, alpha: 0.6), offset: Point(x: 0, y: 4), radius: 6)
        root.addSubview(card)
        let frame = S.render(root)
        XCTAssertLessThan(frame[32, 36] >> 16 & 0xFF, 190, "darker just below the card")
        XCTAssertEqual(frame[32, 46] >> 16 & 0xFF, 200, accuracy: 2, "back to the background further away")
        GoldenImage.assertMatches(frame, "shadow")
    }
}
