import KioskEngine
import XCTest
@testable import KioskCompositor

/// Damage comes from diffing display lists: what changed is redrawn, nothing else.
final class DamageTests: XCTestCase {
    private typealias S = TestScene

    private func area(_ rects: [PixelRect]) -> Int { Region(rects).area }

    func testFirstFrameDamagesEverything() {
        let compositor = Compositor(displayWidth: 64, displayHeight: 48)
        XCTAssertEqual(area(compositor.render(root: S.root(), background: nil)), 64 * 48)
    }

    func testIdleFrameHasNoDamage() {
        let root = S.root()
        root.addSubview(S.box("box", Rect(x: 4, y: 4, width: 10, height: 10), S.red))
        let compositor = Compositor(displayWidth: 64, displayHeight: 48)
        let background = S.pattern()
        compositor.render(root: root, background: background)
        XCTAssertEqual(compositor.render(root: root, background: background), [])
    }

    func testMovedViewDamagesItsOldAndNewPlaceOnly() {
        let root = S.root()
        let box = S.box("box", Rect(x: 4, y: 4, width: 10, height: 10), S.red)
        root.addSubview(box)
        root.addSubview(S.box("still", Rect(x: 40, y: 30, width: 10, height: 10), S.blue))
        let compositor = Compositor(displayWidth: 64, displayHeight: 48)
        compositor.render(root: root, background: nil)
        box.frame.origin = Point(x: 20, y: 8)
        let damage = compositor.render(root: root, background: nil)
        let expected = Region([PixelRect(x: 4, y: 4, width: 10, height: 10), PixelRect(x: 20, y: 8, width: 10, height: 10)])
        XCTAssertTrue(Region(damage).equals(expected), "damage \(damage)")
        XCTAssertEqual(compositor.output[5, 5] & 0xFF_FFFF, 0x20_2028)
        XCTAssertEqual(compositor.output[25, 12] & 0xFF_FFFF, 0xE6_2828)
    }

    func testPropertyChangeInPlaceDamagesTheView() {
        let root = S.root()
        let box = S.box("box", Rect(x: 4, y: 4, width: 10, height: 10), S.red)
        root.addSubview(box)
        let compositor = Compositor(displayWidth: 64, displayHeight: 48)
        compositor.render(root: root, background: nil)
        box.alpha = 0.5
        XCTAssertEqual(area(compositor.render(root: root, background: nil)), 100)
        box.isHidden = true
        XCTAssertEqual(area(compositor.render(root: root, background: nil)), 100)
        XCTAssertEqual(compositor.output[8, 8] & 0xFF_FFFF, 0x20_2028)
    }

    func testZOrderChangeIsDamage() {
        let root = S.root()
        let a = S.box("a", Rect(x: 4, y: 4, width: 20, height: 20), S.red)
        let b = S.box("b", Rect(x: 14, y: 14, width: 20, height: 20), S.blue)
        root.addSubview(a)
        root.addSubview(b)
        let compositor = Compositor(displayWidth: 64, displayHeight: 48)
        compositor.render(root: root, background: nil)
        root.bringSubviewToFront(a)
        XCTAssertFalse(compositor.render(root: root, background: nil).isEmpty)
        XCTAssertEqual(compositor.output[18, 18] & 0xFF_FFFF, 0xE6_2828)
    }

    func testNewBackgroundFrameDamagesOnlyWhereTheBackgroundShows() {
        let root = S.root()
        let camera = View(name: "camera", frame: root.frame)
        camera.content = .backgroundFeed
        root.addSubview(camera)
        root.addSubview(S.box("card", Rect(x: 16, y: 8, width: 32, height: 24), .white))
        let compositor = Compositor(displayWidth: 64, displayHeight: 48)
        let background = S.pattern()
        compositor.render(root: root, background: background)
        background.sequence += 1
        let damage = compositor.render(root: root, background: background)
        XCTAssertEqual(area(damage), 64 * 48 - 32 * 24)
        XCTAssertTrue(damage.allSatisfy { $0.intersection(PixelRect(x: 16, y: 8, width: 32, height: 24)) == nil })
    }

    func testFeedViewShowsItsBackgroundColourUntilAFrameArrives() {
        let root = S.root()
        let camera = S.box("camera", root.frame, S.green)
        camera.content = .backgroundFeed
        root.addSubview(camera)
        let compositor = Compositor(displayWidth: 64, displayHeight: 48)
        compositor.render(root: root, background: nil)
        XCTAssertEqual(compositor.output[10, 10] & 0xFF_FFFF, 0x28_C850)
        let frame = S.pattern()
        compositor.render(root: root, background: frame)
        XCTAssertEqual(compositor.output[10, 10] & 0xFF_FFFF, frame[10, 10] & 0xFF_FFFF)
    }

    func testOccludedChangeIsNoDamage() {
        let root = S.root()
        let hiddenBehind = S.box("behind", Rect(x: 10, y: 10, width: 8, height: 8), S.red)
        root.addSubview(hiddenBehind)
        root.addSubview(S.box("cover", Rect(x: 0, y: 0, width: 64, height: 48), S.blue))
        let compositor = Compositor(displayWidth: 64, displayHeight: 48)
        compositor.render(root: root, background: nil)
        hiddenBehind.frame.origin.x = 20
        XCTAssertEqual(compositor.render(root: root, background: nil), [])
    }

    /// A web page's frame that changed inside one rectangle (its damage, `markChanged`) redraws
    /// that rectangle of the element only, not its whole box; a bump without damage redraws the box.
    func testAWebFrameDamagesOnlyWhatItMarkedChanged() {
        let root = S.root()
        let page = View(name: "page", frame: Rect(x: 8, y: 4, width: 40, height: 30))
        page.content = .web(WebContent(url: "file:///srv/page.html"))
        root.addSubview(page)
        let frame = PixelBuffer(width: 40, height: 30)
        frame.fill(0xFF10_D0D0)
        frame.markChanged([PixelRect(x: 0, y: 0, width: 40, height: 30)])
        let videos = [ObjectIdentifier(page): frame]
        let compositor = Compositor(displayWidth: 64, displayHeight: 48)
        compositor.render(root: root, background: nil, videos: videos)
        for y in 10..<14 { for x in 5..<15 { frame[x, y] = 0xFFD0_10D0 } }
        frame.markChanged([PixelRect(x: 5, y: 10, width: 10, height: 4)])
        let damage = compositor.render(root: root, background: nil, videos: videos)
        XCTAssertTrue(Region(damage).equals(Region(PixelRect(x: 13, y: 14, width: 10, height: 4))), "damage \(damage)")
        XCTAssertEqual(compositor.output[14, 15] & 0xFF_FFFF, 0xD0_10D0)
        XCTAssertEqual(compositor.output[30, 20] & 0xFF_FFFF, 0x10_D0D0)
        frame.sequence &+= 1
        XCTAssertEqual(area(compositor.render(root: root, background: nil, videos: videos)), 40 * 30)
    }
}
