import XCTest
@testable import KioskEngine

final class ContainmentContractTests: XCTestCase {
    func testContract01_setScreensShowsHomeAtOnceWithoutAnimation() {
        let h = Harness(count: 3, home: 1)
        XCTAssertEqual(h.container.selectedIndex, 1)
        XCTAssertTrue(h.container.topViewController === h.screens[1])
        XCTAssertTrue(h.screens[1].parent === h.container)
        XCTAssertTrue(h.screens[1].view.superview === h.container.contentContainer)
        XCTAssertEqual(h.container.contentContainer.subviews.count, 1)
        XCTAssertFalse(h.container.isTransitioning)
        XCTAssertFalse(h.clock.wantsTicks, "nothing animates")
        XCTAssertTrue(h.delegate.began.isEmpty)
    }

    func testContract01_setScreensCallsAppearanceAndContainmentForHome() {
        let log = EventLog()
        let container = ContainerController(size: Harness.size, frameClock: ManualFrameClock())
        let screen = RecordingController("home", log: log)
        try? container.setScreens([screen], home: 0)
        XCTAssertEqual(log.entries, ["home.willAppear", "home.willMove(parent)",
                                     "home.didMove(parent) frame=(0.0, 0.0, 400.0x300.0)", "home.didAppear"])
    }

    func testContract01_singleScreenNeverStartsATransition() {
        let h = Harness(count: 1)
        var finger = Finger(h, at: Point(x: 300, y: 150))
        finger.down(); finger.move(dx: -200); finger.up()
        finger = Finger(h, at: Point(x: 100, y: 150))
        finger.down(); finger.move(dx: 200); finger.up()
        XCTAssertFalse(h.container.select(index: 0, animated: true))
        XCTAssertFalse(h.container.select(index: 1, animated: true))
        XCTAssertTrue(h.delegate.began.isEmpty)
        XCTAssertFalse(h.clock.wantsTicks)
    }

    func testContract01_badScreenListsAreRefusedWithAClearError() {
        let container = ContainerController(size: Harness.size, frameClock: ManualFrameClock())
        XCTAssertThrowsError(try container.setScreens([])) { XCTAssertEqual($0 as? ContainerError, .noScreens) }
        XCTAssertThrowsError(try container.setScreens([ViewController()], home: 2)) {
            XCTAssertEqual($0 as? ContainerError, .homeOutOfRange(home: 2, screenCount: 1))
            XCTAssertTrue("\($0)".contains("from 0 to 0"))
        }
    }

    func testContract02_zOrderBackgroundBlurContentIndicator() {
        let h = Harness()
        let background = ViewController(name: "camera")
        background.view.content = .backgroundFeed
        h.container.setBackground(background)
        let layers = h.container.view.subviews
        XCTAssertEqual(layers.map(\.name), ["background", "background-blur", "content", "swipe-indicator"])
        XCTAssertTrue(background.view.superview === h.container.backgroundContainer)
        XCTAssertTrue(background.parent === h.container)
        if case .blurredBackgroundFeed = h.container.blurView.content {} else { XCTFail("blur view shows the blurred feed") }
    }

    func testContract02_backgroundShowsThroughTransparentScreens() {
        let h = Harness()
        let background = ViewController(name: "camera")
        background.view.content = .backgroundFeed
        h.container.setBackground(background)
        XCTAssertEqual(h.screens[0].view.backgroundColor, .clear)
        XCTAssertEqual(h.container.contentContainer.backgroundColor, .clear)
        XCTAssertEqual(h.container.blurView.alpha, 0, "screen 0 wants no blur")
        // The hit test under a transparent screen still lands on the screen, not the camera.
        XCTAssertTrue(h.container.view.hitTest(Point(x: 200, y: 100)) === h.screens[0].view)
    }

    func testContract02_indicatorNeverTakesTouches() {
        let h = Harness()
        let indicator = h.container.indicatorView
        XCTAssertFalse(indicator.isUserInteractionEnabled)
        var tapped = false
        indicator.onTap = { tapped = true }
        let onIndicator = indicator.frame.center
        XCTAssertFalse(h.container.view.hitTest(onIndicator) === indicator)
        var finger = Finger(h, at: onIndicator)
        finger.down(); finger.up()
        XCTAssertFalse(tapped)
    }

    func testContract03_incomingBecomesChildOnlyOnCompletion() {
        let h = Harness()
        var finger = Finger(h, at: Point(x: 300, y: 150))
        finger.down(); finger.move(dx: -120)
        XCTAssertTrue(h.screens[1].view.superview === h.container.contentContainer, "incoming view is in the container")
        XCTAssertNil(h.screens[1].parent, "but not yet a child")
        XCTAssertTrue(h.screens[0].parent === h.container)
        finger.move(dx: -160); finger.up()
        h.settle()
        XCTAssertTrue(h.screens[1].parent === h.container)
        XCTAssertNil(h.screens[0].parent)
        XCTAssertNil(h.screens[0].view.superview)
        XCTAssertEqual(h.container.contentContainer.subviews.map(\.name), ["s1"])
    }

    func testContract03_outgoingDetachedBeforeIncomingAttached() {
        let h = Harness()
        XCTAssertTrue(h.container.select(index: 1, animated: true))
        h.settle()
        let containment = h.log.entries.filter { !$0.contains("Appear") && !$0.contains("Disappear") }
        XCTAssertEqual(containment, [
            "s0.willMove(nil)",
            "s0.didMove(nil)",
            "s0.removeFromParent view-in-tree=false",
            "s1.willMove(parent)",
            "s1.didMove(parent) frame=(0.0, 0.0, 400.0x300.0)",
        ])
    }

    func testContract04_cancelledTransitionChangesNothing() {
        let h = Harness()
        let before = h.container.contentContainer.subviews.map(\.name)
        let frameBefore = h.screens[0].view.frame
        var finger = Finger(h, at: Point(x: 300, y: 150))
        finger.down(); finger.move(dx: -100); finger.up(hold: 0.2)
        h.settle()
        XCTAssertEqual(h.delegate.ended.map(\.completed), [false])
        XCTAssertEqual(h.container.selectedIndex, 0)
        XCTAssertTrue(h.container.topViewController === h.screens[0])
        XCTAssertEqual(h.container.contentContainer.subviews.map(\.name), before)
        XCTAssertEqual(h.screens[0].view.frame, frameBefore)
        XCTAssertNil(h.screens[1].parent)
        XCTAssertNil(h.screens[1].view.superview)
        XCTAssertEqual(h.container.children.count, 1)
    }

    func testContract05_appearanceOrderOnCompletion() {
        let h = Harness()
        var finger = Finger(h, at: Point(x: 300, y: 150))
        finger.down(); finger.move(dx: -30)
        XCTAssertEqual(h.log.entries, ["s0.willDisappear", "s1.willAppear"], "will- callbacks when the transition starts")
        finger.move(dx: -250); finger.up()
        h.settle()
        XCTAssertEqual(h.log.matching("s0.").filter { $0.contains("ppear") }, ["s0.willDisappear", "s0.didDisappear"])
        XCTAssertEqual(h.log.matching("s1.").filter { $0.contains("ppear") }, ["s1.willAppear", "s1.didAppear"])
    }

    func testContract05_cancelRunsTheReversePair() {
        let h = Harness()
        var finger = Finger(h, at: Point(x: 300, y: 150))
        finger.down(); finger.move(dx: -60); finger.up(hold: 0.2)
        h.settle()
        XCTAssertEqual(h.log.matching("s1.").filter { $0.contains("ppear") }, ["s1.willAppear", "s1.willDisappear", "s1.didDisappear"])
        XCTAssertEqual(h.log.matching("s0.").filter { $0.contains("ppear") }, ["s0.willDisappear", "s0.willAppear", "s0.didAppear"])
    }
}
