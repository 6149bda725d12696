import XCTest
@testable import KioskEngine

/// The container's page indicator: a dot per screen, centred across, `spacing` apart, its centre
/// line `margin` from the edge; the current screen's dot in its colour, the others inactive; during
/// a swipe the two dots involved fade between the two as far as the finger has taken it.
final class PageIndicatorTests: XCTestCase {
    private static let red = Color(r: 255, g: 0, b: 0), green = Color(r: 0, g: 255, b: 0)
    private static let inactive = Color(r: 0, g: 0, b: 255, a: 128)
    private static let style = PageIndicatorStyle(dotSize: 12, spacing: 30, margin: 40, color: red,
                                                  inactiveColor: inactive, screenColors: [nil, green])

    private func harness(count: Int = 3, style: PageIndicatorStyle = PageIndicatorTests.style) -> Harness {
        let h = Harness(count: count)
        h.container.indicatorStyle = style
        return h
    }

    /// Each dot's frame in the container's coordinates.
    private func dotFrames(_ h: Harness) -> [Rect] {
        let origin = h.container.indicatorView.frame.origin
        return h.container.indicatorView.subviews.map {
            Rect(x: origin.x + $0.frame.minX, y: origin.y + $0.frame.minY, width: $0.frame.width, height: $0.frame.height)
        }
    }

    /// How far each dot shows its active colour (its active disc's alpha; the inactive one's is the rest).
    private func activeness(_ h: Harness) -> [Double] {
        let layers = h.container.indicatorDotLayers
        for (inactive, active) in layers { XCTAssertEqual(inactive.alpha, 1 - active.alpha, accuracy: 1e-9) }
        return layers.map(\.active.alpha)
    }

    func testADotPerScreenCentredAcrossSpacingApartMarginAboveTheBottom() {
        let h = harness()
        // 400x300: centres at 200 - 30, 200, 200 + 30, on y = 300 - 40.
        XCTAssertEqual(dotFrames(h), [Rect(x: 164, y: 254, width: 12, height: 12), Rect(x: 194, y: 254, width: 12, height: 12),
                                      Rect(x: 224, y: 254, width: 12, height: 12)])
        for (inactive, active) in h.container.indicatorDotLayers {
            XCTAssertEqual([inactive.frame, active.frame], [Rect(x: 0, y: 0, width: 12, height: 12), Rect(x: 0, y: 0, width: 12, height: 12)])
            XCTAssertEqual([inactive.cornerRadius, active.cornerRadius], [6, 6], "round dots")
        }
        var views = [h.container.indicatorView]
        while let view = views.popLast() {
            XCTAssertFalse(view.isUserInteractionEnabled, view.name)
            views += view.subviews
        }
    }

    func testAtTheTopTheCentreLineIsMarginBelowTheTopEdge() {
        var style = Self.style
        style.atTop = true
        XCTAssertEqual(dotFrames(harness(style: style)).map(\.minY), [34, 34, 34])
    }

    func testTheCurrentDotInItsScreensColourOrColorTheOthersInactive() {
        let h = harness()
        XCTAssertEqual(h.container.indicatorDotLayers.map(\.inactive.backgroundColor), [Self.inactive, Self.inactive, Self.inactive])
        XCTAssertEqual(h.container.indicatorDotLayers.map(\.active.backgroundColor), [Self.red, Self.green, Self.red],
                       "screen two's indicator-color, else color")
        XCTAssertEqual(activeness(h), [1, 0, 0])
        _ = h.container.select(index: 1, animated: false)
        XCTAssertEqual(activeness(h), [0, 1, 0])
        _ = h.container.select(index: 2, animated: false)
        XCTAssertEqual(activeness(h), [0, 0, 1])
    }

    func testTheDotsFollowTheScreensWhenTheyChange() throws {
        let h = harness()
        try h.container.setScreens(Array(h.screens.prefix(2)) + [RecordingController("s3", log: h.log),
                                                                  RecordingController("s4", log: h.log)], home: 3)
        XCTAssertEqual(dotFrames(h).map(\.midX), [155, 185, 215, 245])
        XCTAssertEqual(activeness(h), [0, 0, 0, 1])
    }

    /// The manual clock holds still while the finger does: the dots show the finger's progress.
    func testMidSwipeTheTwoDotsArePartWayAsFarAsTheFinger() {
        let h = harness()
        var finger = Finger(h, at: Point(x: 300, y: 150))
        finger.down()
        finger.move(dx: -120)  // 120 of 400 px
        XCTAssertEqual(h.container.transitionProgress!, 0.3, accuracy: 1e-9)
        let mid = activeness(h)
        XCTAssertEqual(mid[0], 0.7, accuracy: 1e-9, "the leaving screen's dot")
        XCTAssertEqual(mid[1], 0.3, accuracy: 1e-9, "the coming screen's dot")
        XCTAssertEqual(mid[2], 0)
        finger.move(dx: -80)  // half way
        XCTAssertEqual(activeness(h)[1], 0.5, accuracy: 1e-9)
        XCTAssertEqual(dotFrames(h).map(\.minX), [164, 194, 224], "the dots stay put; only their colours move")
        finger.up()
        h.settle()
        XCTAssertEqual(h.container.selectedIndex, 1)
        XCTAssertEqual(activeness(h), [0, 1, 0])
    }
}
