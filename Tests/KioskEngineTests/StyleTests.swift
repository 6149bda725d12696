import XCTest
@testable import KioskEngine

final class StyleTests: XCTestCase {
    func testStyleNamesMatchTheConfigFile() {
        XCTAssertEqual(TransitionStyle.allCases.map(\.rawValue), ["overlap", "slide", "fade", "flip", "cube", "zoom", "panel"])
        XCTAssertEqual(TransitionStyle(rawValue: "cube"), .cube)
        XCTAssertTrue(TransitionStyle.flip.makeAnimation() is FlipAnimation)
    }

    func testOverlapSlidesTheNextScreenOverTheCurrent() {
        let h = DriverHarness(animation: OverlapAnimation(), forward: true)
        h.driver.startInteractiveTransition(h.context)
        h.driver.update(0.5)
        XCTAssertEqual(h.from.view.frame.minX, 0, "the current screen stays")
        XCTAssertEqual(h.to.view.frame.minX, 200)
        XCTAssertEqual(h.containerView.subviews.map(\.name), ["from", "to"])
    }

    func testOverlapGoingBackUncoversThePreviousScreen() {
        let h = DriverHarness(animation: OverlapAnimation(), forward: false)
        h.driver.startInteractiveTransition(h.context)
        h.driver.update(0.5)
        XCTAssertEqual(h.containerView.subviews.map(\.name), ["to", "from"])
        XCTAssertEqual(h.to.view.frame.minX, 0)
        XCTAssertEqual(h.from.view.frame.minX, 200)
    }

    func testFadeCrossesAlpha() {
        let h = DriverHarness(animation: FadeAnimation())
        h.driver.startInteractiveTransition(h.context)
        h.driver.update(0.3)
        XCTAssertEqual(h.to.view.alpha, 0.3, accuracy: 1e-9)
        XCTAssertEqual(h.to.view.frame.minX, 0)
        h.driver.cancel()
        h.settle()
        XCTAssertEqual(h.to.view.alpha, 1)
        XCTAssertNil(h.to.view.superview)
    }

    func testCubeTurnsTheFacesAboutASharedEdge() {
        let h = DriverHarness(animation: CubeAnimation(), forward: true)
        h.driver.startInteractiveTransition(h.context)
        h.driver.update(0.5)
        let fromCentre = h.from.view.transform.apply(to: .zero)!
        let toCentre = h.to.view.transform.apply(to: .zero)!
        XCTAssertLessThan(fromCentre.x, 0, "the outgoing face turns left")
        XCTAssertGreaterThan(toCentre.x, 0, "the incoming face comes from the right")
        // The faces meet: the outgoing right edge and the incoming left edge project to one line.
        let meetFrom = h.from.view.transform.apply(to: Point(x: 200, y: 0))!
        let meetTo = h.to.view.transform.apply(to: Point(x: -200, y: 0))!
        XCTAssertEqual(meetFrom.x, meetTo.x, accuracy: 1e-6)
        h.driver.update(1)
        XCTAssertEqual(h.to.view.transform, .identity)
    }

    func testTapFiresTheActionOfTheViewUnderTheFinger() {
        let h = Harness()
        let button = View(name: "tab-2", frame: Rect(x: 300, y: 250, width: 80, height: 40))
        let label = View(name: "label", frame: Rect(x: 10, y: 10, width: 60, height: 20))
        button.addSubview(label)
        var taps = 0
        button.onTap = { taps += 1 }
        h.screens[0].view.addSubview(button)
        var finger = Finger(h, at: Point(x: 320, y: 265))
        finger.down(); finger.move(dx: 4, dy: 3, steps: 2); finger.up()
        XCTAssertEqual(taps, 1, "a tap on a subview reaches the button")
        finger = Finger(h, at: Point(x: 320, y: 265))
        finger.down(); finger.up(hold: 0.5)
        XCTAssertEqual(taps, 1, "a long press is no tap")
        finger = Finger(h, at: Point(x: 100, y: 100))
        finger.down(); finger.up()
        XCTAssertEqual(taps, 1, "a tap elsewhere")
    }

    func testTabButtonSelectsThroughTheAnimator() {
        let h = Harness()
        let button = View(name: "tab-2", frame: Rect(x: 300, y: 250, width: 80, height: 40))
        button.onTap = { [container = h.container] in _ = container.select(index: 2, animated: true) }
        h.screens[0].view.addSubview(button)
        var finger = Finger(h, at: Point(x: 320, y: 265))
        finger.down(); finger.up()
        XCTAssertEqual(h.container.transitionToIndex, 2)
        var frames = 0
        while h.container.interactiveTransition.phase == .completing { h.clock.tick(); frames += 1 }
        XCTAssertEqual(Double(frames) * h.clock.refreshInterval, 0.33, accuracy: h.clock.refreshInterval)
        h.settle()
        XCTAssertEqual(h.container.selectedIndex, 2)
        XCTAssertEqual(h.delegate.began.map(\.interactive), [false])
    }

    func testEdgeSwipeAreaStartsOnlyFromTheEdge() {
        let h = Harness(options: TransitionOptions(swipeArea: .edge, edgeWidth: 30))
        var finger = Finger(h, at: Point(x: 300, y: 150))
        finger.down(); finger.move(dx: -200); finger.up()
        XCTAssertTrue(h.delegate.began.isEmpty)
        finger = Finger(h, at: Point(x: 390, y: 150))
        finger.down(); finger.move(dx: -200)
        XCTAssertEqual(h.container.transitionToIndex, 1)
    }

    func testFrameInAncestorCountsScrollAndTranslation() {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let scroller = View(name: "scroller", frame: Rect(x: 10, y: 20, width: 200, height: 200))
        scroller.boundsOrigin = Point(x: 0, y: 50)
        let item = View(name: "item", frame: Rect(x: 5, y: 100, width: 10, height: 10))
        item.transform = .translation(x: 3, y: 0)
        root.addSubview(scroller)
        scroller.addSubview(item)
        XCTAssertEqual(item.frame(in: root), Rect(x: 18, y: 70, width: 10, height: 10))
        XCTAssertNil(root.frame(in: item))
        XCTAssertTrue(item.rootAncestor === root)
    }
}
