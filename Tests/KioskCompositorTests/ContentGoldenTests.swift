import Foundation
import KioskEngine
import KioskTestFixtures
import XCTest
@testable import KioskCompositor

/// Goldens for what views draw: gradients, text, images, the feed and its blurred copy.
final class ContentGoldenTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestFonts.pin()
    }

    private typealias S = TestScene

    func testGradientRunsThroughItsStops() {
        let root = S.root()
        let card = View(name: "card", frame: Rect(x: 0, y: 0, width: 64, height: 48))
        card.content = .linearGradient(S.cardGradient)
        root.addSubview(card)
        let frame = S.render(root)
        XCTAssertEqual(frame[32, 0] & 0xFF_FFFF, 0xFF_FFFF, accuracy: 0x03_0303)
        let middle = frame[32, 24]
        XCTAssertEqual(Int(middle >> 16 & 0xFF), 109, accuracy: 4)
        XCTAssertEqual(Int(middle >> 8 & 0xFF), 213, accuracy: 4)
        let bottom = frame[32, 47]
        XCTAssertEqual(Int(bottom >> 16 & 0xFF), 41, accuracy: 4)
        XCTAssertEqual(Int(bottom & 0xFF), 185, accuracy: 4)
        GoldenImage.assertMatches(frame, "gradient")
    }

    func testTextIsDrawn() {
        let root = S.root()
        let label = View(name: "title", frame: Rect(x: 0, y: 8, width: 64, height: 32))
        label.content = .text(TextContent("Hi", fontSize: 22, color: .white, bold: true))
        root.addSubview(label)
        let frame = S.render(root)
        let bright = (8..<40).flatMap { y in (0..<64).map { frame[$0, y] } }.filter { $0 >> 16 & 0xFF > 200 }.count
        XCTAssertGreaterThan(bright, 40, "glyphs cover a fair number of pixels")
        let leftEmpty = (8..<40).allSatisfy { frame[2, $0] >> 16 & 0xFF < 40 }
        XCTAssertTrue(leftEmpty, "centred text leaves the left edge empty")
        // Glyph shapes vary with the freetype version, so only a loose golden.
        GoldenImage.assertMatches(frame, "text", tolerance: 255)
    }

    func testTextWrapsAtSpacesAndDropsLinesBeyondTheHeight() {
        let root = S.root()
        let left = View(name: "left", frame: Rect(x: 2, y: 2, width: 60, height: 22))
        left.content = .text(TextContent("ab cd ef gh ij kl mn op", fontSize: 7, color: .white, alignment: .left))
        let right = View(name: "right", frame: Rect(x: 2, y: 26, width: 60, height: 22))
        right.content = .text(TextContent("ab cd ef gh ij kl mn op qr st uv wx", fontSize: 7, color: .white, alignment: .right))
        root.addSubview(left)
        root.addSubview(right)
        let frame = S.render(root)
        let inked = { (rows: Range<Int>) in rows.filter { y in (0..<64).contains { frame[$0, y] >> 16 & 0xFF > 120 } } }
        let leftRows = inked(2..<24), rightRows = inked(26..<48)
        XCTAssertGreaterThan(leftRows.count, 10, "two lines of text, not one")
        XCTAssertLessThan(leftRows.first ?? 0, 8, "the two-line block is centred, so it starts near the top")
        XCTAssertTrue((0..<64).allSatisfy { frame[$0, 1] >> 16 & 0xFF < 60 && frame[$0, 24] >> 16 & 0xFF < 60 },
                      "nothing is drawn outside the views")
        XCTAssertGreaterThan(rightRows.count, 10)
        let leftEdgeInk = (2..<24).contains { y in (2..<6).contains { frame[$0, y] >> 16 & 0xFF > 120 } }
        XCTAssertTrue(leftEdgeInk, "left-aligned lines start at the view's left edge")
        let rightEdgeInk = (26..<48).contains { y in (56..<62).contains { frame[$0, y] >> 16 & 0xFF > 120 } }
        XCTAssertTrue(rightEdgeInk, "right-aligned lines end at the view's right edge")
        GoldenImage.assertMatches(frame, "text-wrapped", tolerance: 255)
    }

    func testImageModes() throws {
        let path = try Self.writeTestImage()
        for fit in [ImageFit.cover, .contain, .center] {
            let root = S.root()
            let view = View(name: "image", frame: Rect(x: 12, y: 4, width: 40, height: 40))
            view.content = .image(ImageContent(path: path, fit: fit))
            root.addSubview(view)
            let frame = S.render(root)
            switch fit {
            case .cover:
                XCTAssertEqual(frame[13, 5] & 0xFF_FFFF, 0xFF_0000, "cover fills the whole view")
                XCTAssertEqual(frame[50, 42] & 0xFF_FFFF, 0x00_00FF)
            case .contain:
                XCTAssertEqual(frame[13, 6] & 0xFF_FFFF, 0x20_2028, "contain letterboxes a wide picture")
                XCTAssertEqual(frame[14, 24] & 0xFF_FFFF, 0xFF_0000)
            case .center:
                XCTAssertEqual(frame[15, 24] & 0xFF_FFFF, 0x20_2028, "centre keeps the natural 32x16 size")
                XCTAssertEqual(frame[16, 24] & 0xFF_FFFF, 0xFF_0000)
                XCTAssertEqual(frame[47, 24] & 0xFF_FFFF, 0x00_00FF)
                XCTAssertEqual(frame[48, 24] & 0xFF_FFFF, 0x20_2028)
                XCTAssertEqual(frame[30, 15] & 0xFF_FFFF, 0x20_2028)
                XCTAssertEqual(frame[30, 16] & 0xFF_FFFF, 0xFF_0000)
            case .fill:
                XCTFail("fill has a test of its own")
            }
            GoldenImage.assertMatches(frame, "image-\(fit.rawValue)")
        }
    }

    func testFillStretchesWhereCoverCrops() throws {
        // 32x16: a green left quarter, then red; cover shows only the middle half of its width.
        let picture = PixelBuffer(width: 32, height: 16)
        for y in 0..<16 {
            for x in 0..<32 { picture[x, y] = x < 8 ? 0xFF00_FF00 : 0xFFFF_0000 }
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-kiosk-fill-\(UUID().uuidString).png").path
        try PNGWriter.write(picture, to: path)
        for fit in [ImageFit.fill, .cover] {
            let root = S.root()
            let view = View(name: "image", frame: Rect(x: 12, y: 4, width: 40, height: 40))
            view.content = .image(ImageContent(path: path, fit: fit))
            root.addSubview(view)
            let frame = S.render(root)
            XCTAssertEqual(frame[13, 24] & 0xFF_FFFF, fit == .fill ? 0x00_FF00 : 0xFF_0000, "\(fit) at the left edge")
            XCTAssertEqual(frame[13, 5] & 0xFF_FFFF, fit == .fill ? 0x00_FF00 : 0xFF_0000, "\(fit) reaches the top")
            XCTAssertEqual(frame[50, 42] & 0xFF_FFFF, 0xFF_0000, "\(fit) reaches the bottom right")
            if fit == .fill { GoldenImage.assertMatches(frame, "image-fill") }
        }
    }

    func testAScaledUpOpaquePictureKeepsItsOwnColourToItsEdges() throws {
        // A 1x1 picture stretched to 64x64 was a radial gradient: its outer ring blended with the
        // transparent outside of the picture.
        let picture = PixelBuffer(width: 1, height: 1)
        picture[0, 0] = 0xFF20_C040
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-kiosk-dot-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try PNGWriter.write(picture, to: path)
        for fit in [ImageFit.fill, .cover, .contain] {
            let root = S.root()
            let view = View(name: "image", frame: Rect(x: 0, y: 0, width: 64, height: 48))
            view.content = .image(ImageContent(path: path, fit: fit))
            root.addSubview(view)
            let frame = S.render(root)
            let ink = fit == .contain ? 8..<56 : 0..<64
            let wrong = ink.flatMap { x in (0..<48).map { (x, $0) } }.filter { frame[$0.0, $0.1] & 0xFF_FFFF != 0x20_C040 }
            XCTAssertTrue(wrong.isEmpty, "\(fit): \(wrong.count) pixels differ, first \(wrong.first.map { "\($0) = \(String(frame[$0.0, $0.1], radix: 16))" } ?? "")")
        }
    }

    func testUnreadableImageIsReportedNotFatal() {
        let root = S.root()
        let view = View(name: "image", frame: Rect(x: 0, y: 0, width: 20, height: 20))
        view.content = .image(ImageContent(path: "/nonexistent/picture.png"))
        root.addSubview(view)
        let compositor = Compositor(displayWidth: 64, displayHeight: 48)
        compositor.render(root: root, background: nil)
        let errors = compositor.takeContentErrors()
        XCTAssertEqual(errors.count, 1)
        XCTAssertTrue(errors.first?.contains("/nonexistent/picture.png") ?? false, "\(errors)")
    }

    func testBackgroundFeedIsAspectFilled() {
        let root = S.root()
        let feed = View(name: "camera", frame: root.frame)
        feed.content = .backgroundFeed
        root.addSubview(feed)
        let small = S.pattern(width: 32, height: 32)
        let frame = S.render(root, background: small)
        // 32x32 into 64x48 scales by 2 and crops 8 rows top and bottom.
        XCTAssertEqual(frame[0, 0] & 0xFF_FFFF, small[0, 4] & 0xFF_FFFF)
        XCTAssertEqual(frame[62, 46] & 0xFF_FFFF, small[31, 27] & 0xFF_FFFF)
        GoldenImage.assertMatches(frame, "background-feed-fill")
    }

    func testBlurredBackgroundSoftensAndTints() {
        let root = S.root()
        let blur = View(name: "blur", frame: root.frame)
        blur.content = .blurredBackgroundFeed(BlurStyle(radius: 12, tint: Color(red: 1, green: 1, blue: 1, alpha: 0.3)))
        root.addSubview(blur)
        let background = S.pattern()
        let frame = S.render(root, background: background)
        func contrast(_ f: PixelBuffer) -> Int {
            let reds = (0..<64).map { Int(f[$0, 24] >> 16 & 0xFF) }
            return reds.max()! - reds.min()!
        }
        XCTAssertLessThan(contrast(frame), contrast(background) / 2, "the bands are blurred together")
        XCTAssertGreaterThan(frame[32, 24] & 0xFF, 0x50, "the white tint lifts every channel")
        GoldenImage.assertMatches(frame, "blurred-background")
    }

    func testFusedFadeMatchesTwoLayerComposition() {
        let background = S.pattern()
        func render(fused: Bool) -> PixelBuffer {
            let root = S.root()
            let feed = View(name: "camera", frame: root.frame)
            feed.content = .backgroundFeed
            let blur = View(name: "blur", frame: root.frame)
            blur.content = .blurredBackgroundFeed(BlurStyle(radius: 12))
            blur.alpha = 0.4
            root.addSubview(feed)
            root.addSubview(blur)
            let compositor = Compositor(displayWidth: 64, displayHeight: 48)
            compositor.fusesFade = fused
            compositor.render(root: root, background: background)
            return compositor.output
        }
        let fused = render(fused: true), layered = render(fused: false)
        for y in 0..<48 {
            for x in 0..<64 where !GoldenImage.close(fused[x, y], layered[x, y], 2) {
                XCTFail("(\(x), \(y)): fused \(GoldenImage.hex(fused[x, y])), layered \(GoldenImage.hex(layered[x, y]))")
                return
            }
        }
        GoldenImage.assertMatches(fused, "blurred-background-fade")
    }

    /// A 32x16 PNG: red left half, blue right half.
    static func writeTestImage() throws -> String {
        let picture = PixelBuffer(width: 32, height: 16)
        for y in 0..<16 {
            for x in 0..<32 { picture[x, y] = x < 16 ? 0xFFFF_0000 : 0xFF00_00FF }
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-kiosk-test-image.png").path
        try PNGWriter.write(picture, to: path)
        return path
    }
}
