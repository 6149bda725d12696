import XCTest
@testable import KioskEngine

final class PresentationContractTests: XCTestCase {
    private func panelHarness() -> (Harness, PanelAnimation) {
        let h = Harness(count: 2, options: TransitionOptions(style: .panel))
        return (h, h.container.styleAnimation as! PanelAnimation)
    }

    /// Raises the panel fully and lets it settle.
    private func present(_ h: Harness) {
        var finger = Finger(h, at: Point(x: 200, y: 290))
        finger.down(); finger.move(dx: 0, dy: -150); finger.up(hold: 0.2)
        h.settle()
    }

    func testContract26_panelTakesTheBottomHalfAndTheDimmingFadesIn() {
        let (h, panel) = panelHarness()
        var finger = Finger(h, at: Point(x: 200, y: 290))
        finger.down()
        finger.move(dx: 0, dy: -75)
        XCTAssertEqual(h.container.transitionProgress!, 0.5, accuracy: 1e-9, "75 of 150 px")
        XCTAssertEqual(panel.dimmingView?.alpha ?? -1, 0.5, accuracy: 1e-9)
        XCTAssertEqual(h.screens[1].view.frame, Rect(x: 0, y: 225, width: 400, height: 150))
        finger.move(dx: 0, dy: -75)
        finger.up(hold: 0.2)
        h.settle()
        XCTAssertEqual(h.container.selectedIndex, 1)
        XCTAssertEqual(h.screens[1].view.frame, Rect(x: 0, y: 150, width: 400, height: 150))
        XCTAssertTrue(panel.dimmingView?.superview === h.container.contentContainer)
        XCTAssertEqual(panel.dimmingView?.alpha, 1)
        let order = h.container.contentContainer.subviews.map(\.name)
        XCTAssertEqual(order, ["s0", "panel-dimming", "s1"], "the panel over the dimming view over its presenter")
        XCTAssertNil(h.screens[0].parent, "the presenter is detached but stays in sight")
    }

    func testContract26_cancelledPresentationRemovesTheDimmingView() {
        let (h, panel) = panelHarness()
        var finger = Finger(h, at: Point(x: 200, y: 290))
        finger.down(); finger.move(dx: 0, dy: -40); finger.up(hold: 0.2)
        let dimming = panel.dimmingView
        XCTAssertNotNil(dimming)
        h.settle()
        XCTAssertEqual(h.delegate.ended.map(\.completed), [false])
        XCTAssertNil(dimming?.superview)
        XCTAssertNil(panel.dimmingView)
    }

    func testContract26_dismissalFadesTheDimmingOutAndACancelledOneKeepsIt() {
        let (h, panel) = panelHarness()
        present(h)
        var finger = Finger(h, at: Point(x: 200, y: 200))
        finger.down(); finger.move(dx: 0, dy: 60)
        XCTAssertEqual(panel.dimmingView?.alpha ?? -1, 0.6, accuracy: 1e-9)
        finger.up(hold: 0.2)
        h.settle()
        XCTAssertEqual(h.delegate.ended.map(\.completed), [true, false])
        XCTAssertTrue(panel.dimmingView?.superview === h.container.contentContainer, "kept")
        XCTAssertEqual(panel.dimmingView?.alpha, 1)
        XCTAssertEqual(h.screens[1].view.frame.minY, 150)
        XCTAssertEqual(h.container.contentContainer.subviews.map(\.name), ["s0", "panel-dimming", "s1"])
    }

    func testContract27_downwardDragDismissesPastTheThreshold() {
        let (h, panel) = panelHarness()
        present(h)
        var finger = Finger(h, at: Point(x: 200, y: 200))
        finger.down(); finger.move(dx: 0, dy: 45)
        XCTAssertEqual(h.container.transitionToIndex, 0)
        XCTAssertEqual(h.container.transitionProgress!, 0.3, accuracy: 1e-9, "downward translation / panel height")
        XCTAssertEqual(h.screens[1].view.frame.minY, 195, accuracy: 1e-9)
        finger.move(dx: 0, dy: 45)
        finger.up(hold: 0.2)
        h.settle()
        XCTAssertEqual(h.container.selectedIndex, 0)
        XCTAssertNil(panel.dimmingView)
        XCTAssertEqual(h.container.contentContainer.subviews.map(\.name), ["s0"])
    }

    func testContract27_downwardFlickDismisses() {
        let (h, _) = panelHarness()
        present(h)
        var finger = Finger(h, at: Point(x: 200, y: 200))
        finger.down(); finger.move(dx: 0, dy: 30, steps: 3)  // 1000 px/s
        finger.up()
        h.settle()
        XCTAssertEqual(h.delegate.ended.map(\.completed), [true, true])
        XCTAssertEqual(h.container.selectedIndex, 0)
    }

    func testContract27_sidewaysPanDoesNotMoveAPanel() {
        let (h, _) = panelHarness()
        var finger = Finger(h, at: Point(x: 350, y: 290))
        finger.down(); finger.move(dx: -300); finger.up()
        XCTAssertTrue(h.delegate.began.isEmpty)
    }

    private func zoomHarness() -> (Harness, View, View) {
        let h = Harness(count: 2, options: TransitionOptions(style: .zoom))
        let thumb = View(name: "thumb", frame: Rect(x: 20, y: 40, width: 50, height: 50))
        thumb.transitionID = "hero"
        thumb.backgroundColor = Color(r: 200, g: 10, b: 10)
        h.screens[0].view.addSubview(thumb)
        let hero = View(name: "hero", frame: Rect(x: 0, y: 0, width: 400, height: 200))
        hero.transitionID = "hero"
        h.screens[1].view.addSubview(hero)
        return (h, thumb, hero)
    }

    func testContract28_zoomCarriesPhantomCopiesWhileTheOriginalsHide() {
        let (h, thumb, hero) = zoomHarness()
        var finger = Finger(h, at: Point(x: 350, y: 150))
        finger.down(); finger.move(dx: -200)
        let zoom = h.container.styleAnimation as! ZoomAnimation
        XCTAssertEqual(zoom.phantoms.count, 1)
        let phantom = zoom.phantoms[0]
        XCTAssertTrue(phantom.superview === h.container.contentContainer)
        XCTAssertEqual(phantom.backgroundColor, thumb.backgroundColor)
        XCTAssertRectEqual(phantom.frame, Rect(x: 10, y: 20, width: 225, height: 125), "half-way between thumb and hero")
        XCTAssertTrue(thumb.isHidden)
        XCTAssertTrue(hero.isHidden)
        XCTAssertEqual(zoom.fadeView?.alpha ?? -1, 0.5, accuracy: 1e-9)
        XCTAssertEqual(h.screens[1].view.alpha, 0.5, accuracy: 1e-9)
        XCTAssertEqual(h.screens[0].view.alpha, 0.5, accuracy: 1e-9)
        XCTAssertEqual(zoom.fadeView?.backgroundColor, h.screens[1].view.backgroundColor, "the incoming screen's background")
        XCTAssertEqual(h.container.contentContainer.subviews.map(\.name), ["s0", "zoom-fade", "s1", "phantom-hero"])
        finger.move(dx: -100); finger.up(hold: 0.2)
        h.settle()
        XCTAssertEqual(h.container.selectedIndex, 1)
        XCTAssertNil(phantom.superview)
        XCTAssertFalse(thumb.isHidden)
        XCTAssertFalse(hero.isHidden)
        XCTAssertEqual(h.container.contentContainer.subviews.map(\.name), ["s1"])
    }

    func testContract28_zoomShowsTheOriginalsAgainWhenCancelled() {
        let (h, thumb, hero) = zoomHarness()
        var finger = Finger(h, at: Point(x: 350, y: 150))
        finger.down(); finger.move(dx: -80)
        let phantom = (h.container.styleAnimation as! ZoomAnimation).phantoms.first
        finger.up(hold: 0.2)
        h.settle()
        XCTAssertEqual(h.delegate.ended.map(\.completed), [false])
        XCTAssertNil(phantom?.superview)
        XCTAssertFalse(thumb.isHidden)
        XCTAssertFalse(hero.isHidden)
        XCTAssertEqual(h.container.contentContainer.subviews.map(\.name), ["s0"])
        XCTAssertEqual(h.screens[1].view.alpha, 1, "whole again for next time")
        XCTAssertEqual(h.screens[0].view.alpha, 1)
    }

    /// Projected x of the left and right edge midpoints of a view transformed about its centre.
    private func edges(_ view: View) -> (left: Double, right: Double) {
        let half = view.frame.width / 2
        return (view.transform.apply(to: Point(x: -half, y: 0))?.x ?? .nan, view.transform.apply(to: Point(x: half, y: 0))?.x ?? .nan)
    }

    func testContract29_pushFlipsFromTheRight() {
        let h = DriverHarness(animation: FlipAnimation(), forward: true)
        h.driver.startInteractiveTransition(h.context)
        h.driver.update(0.25)
        let from = edges(h.from.view)
        XCTAssertLessThan(abs(from.right), abs(from.left), "the right edge turns away")
        XCTAssertEqual(h.to.view.alpha, 0)
    }

    func testContract29_popFlipsFromTheLeft() {
        let h = DriverHarness(animation: FlipAnimation(), forward: false)
        h.driver.startInteractiveTransition(h.context)
        h.driver.update(0.25)
        let from = edges(h.from.view)
        XCTAssertLessThan(abs(from.left), abs(from.right), "the left edge turns away")
    }

    func testContract29_edgeOnAtHalfWayAndFlatAtTheEnds() {
        for forward in [true, false] {
            let h = DriverHarness(animation: FlipAnimation(), forward: forward)
            h.driver.startInteractiveTransition(h.context)
            XCTAssertEqual(h.from.view.transform, .identity)
            h.driver.update(0.5)
            for view in [h.from.view, h.to.view] {
                let e = edges(view)
                XCTAssertEqual(e.left, 0, accuracy: 1e-6)
                XCTAssertEqual(e.right, 0, accuracy: 1e-6)
            }
            h.driver.update(0.75)
            let to = edges(h.to.view)
            XCTAssertGreaterThan(to.right - to.left, 0, "the incoming view turns in face up")
            h.driver.finish()
            h.settle()
            XCTAssertEqual(h.to.view.transform, .identity)
            XCTAssertEqual(h.to.view.alpha, 1)
        }
    }
}
