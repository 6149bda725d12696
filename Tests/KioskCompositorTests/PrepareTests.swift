import KioskEngine
@testable import KioskCompositor
import KioskTestFixtures
import XCTest

final class PrepareTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestFonts.pin()
    }

    private func card(size: Size) -> View {
        let screen = View(name: "screen", frame: Rect(origin: .zero, size: size))
        let card = View(name: "card", frame: Rect(x: 8, y: 8, width: 40, height: 30))
        card.content = .linearGradient(LinearGradient(colors: [.white, Color(r: 109, g: 213, b: 250)]))
        card.cornerRadius = 6
        let label = View(name: "label", frame: Rect(x: 4, y: 4, width: 32, height: 12))
        label.content = .text(TextContent("Hi", fontSize: 10, color: .black))
        card.addSubview(label)
        screen.addSubview(card)
        return screen
    }

    func testAPreparedScreenIsShownWithoutDrawingItsContentAgain() {
        let compositor = Compositor(displayWidth: 64, displayHeight: 48)
        let screen = card(size: compositor.sceneSize)
        compositor.prepare(screen)
        let prepared = compositor.surfaces.count
        XCTAssertGreaterThanOrEqual(prepared, 2, "the card's gradient and its label are drawn ahead")

        let root = View(name: "root", frame: Rect(origin: .zero, size: compositor.sceneSize))
        root.addSubview(screen)
        XCTAssertFalse(compositor.render(root: root, background: nil).isEmpty)
        XCTAssertEqual(compositor.surfaces.count, prepared, "showing the screen used the prepared surfaces")
    }

    func testPreparingShowsNothing() {
        let compositor = Compositor(displayWidth: 64, displayHeight: 48)
        compositor.prepare(card(size: compositor.sceneSize))
        XCTAssertTrue((0..<(64 * 48)).allSatisfy { compositor.output.pixels[$0] == 0 }, "prepare draws into the cache only")
    }
}
