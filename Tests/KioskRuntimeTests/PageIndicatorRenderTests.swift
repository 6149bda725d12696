import Foundation
import KioskCompositor
import KioskConfig
import KioskEngine
import XCTest
@testable import KioskRuntime

/// `[indicator]` as the panel shows it: a dot per screen, `size` wide and `spacing` apart (centre to
/// centre), centred across, their centre line `margin` from the edge; the current screen's dot in
/// `color` (or that screen's `indicator-color`), the others in `inactive-color`; mid-swipe the two
/// dots involved fade part way between, as far as the swipe has gone.
final class PageIndicatorRenderTests: XCTestCase {
    private static let red: UInt32 = 0xFFFF_0000, blue: UInt32 = 0xFF00_00FF, green: UInt32 = 0xFF00_FF00
    private static let grey: UInt32 = 0xFF20_2020

    private func renderer(position: String = "bottom") throws -> ScreenRenderer {
        let text = """
            [display]
            backend = "headless"
            size = "200x120"
            [camera]
            source = "none"
            [indicator]
            position = "\(position)"
            size = 10
            spacing = 30
            margin = 20
            color = "#ff0000"
            inactive-color = "#0000ff"
            [[screen]]
            name = "one"
            background = "#202020"
            [[screen]]
            name = "two"
            background = "#202020"
            indicator-color = "#00ff00"
            [[screen]]
            name = "three"
            background = "#202020"
            """
        return ScreenRenderer(configuration: try ConfigurationLoader.parse(text, fileName: "dots.toml").get())
    }

    /// The pixel at each dot's centre, x = 70, 100, 130 (centred on 100, 30 apart).
    private func dots(_ picture: PixelBuffer, y: Int) -> [UInt32] {
        [picture[70, y], picture[100, y], picture[130, y]]
    }

    func testADotPerScreenTheCurrentOneInColourTheOthersInactive() throws {
        let picture = try renderer().render(screen: "one")
        XCTAssertEqual(dots(picture, y: 100), [Self.red, Self.blue, Self.blue], "centre line 20 px above the bottom edge")
        // Round: a dot is 10 px across, nothing beyond its radius, nothing between dots.
        for (x, y) in [(70, 94), (70, 106), (64, 100), (76, 100), (85, 100), (115, 100), (40, 100), (160, 100), (100, 60)] {
            XCTAssertEqual(picture[x, y], Self.grey, "(\(x), \(y)) is the screen's background")
        }
        XCTAssertEqual(picture[67, 97], Self.red, "inside the first dot, off its centre")
    }

    func testTheCurrentScreensIndicatorColorOverridesColor() throws {
        XCTAssertEqual(dots(try renderer().render(screen: "two"), y: 100), [Self.blue, Self.green, Self.blue])
        XCTAssertEqual(dots(try renderer().render(screen: "three"), y: 100), [Self.blue, Self.blue, Self.red])
    }

    func testAtTheTopTheCentreLineIsMarginBelowTheTopEdge() throws {
        let picture = try renderer(position: "top").render(screen: "one")
        XCTAssertEqual(dots(picture, y: 20), [Self.red, Self.blue, Self.blue])
        XCTAssertEqual(dots(picture, y: 100), [Self.grey, Self.grey, Self.grey])
    }

    /// A finger a quarter of the way across (50 of 200 px) toward screen two, held there on the
    /// manual clock: dot one shows red three quarters and blue one quarter, dot two the reverse
    /// with green. Each dot is its inactive disc under its active one, their alphas trading: an
    /// opacity change redraws no surface (the screens' memory tests count them).
    func testMidSwipeTheDotsAreAsFarBetweenAsTheSwipe() throws {
        let (compositor, scene, clock) = try renderer().makeScene(on: "one")
        var location = Point(x: 150, y: 60)
        scene.container.handle(TouchEvent(id: 1, phase: .began, location: location, time: clock.now))
        for _ in 0..<10 {
            clock.advance(to: clock.now + 0.01)
            location.x -= 5
            scene.container.handle(TouchEvent(id: 1, phase: .moved, location: location, time: clock.now))
        }
        XCTAssertEqual(try XCTUnwrap(scene.container.transitionProgress), 0.25, accuracy: 1e-9)
        compositor.render(root: scene.rootView, background: nil, videos: [:])
        let picture = try renderer().picture(of: compositor)
        // (active colour, how far it shows) per dot, over the inactive blue, over the grey screen.
        let expected: [(UInt32, Double)] = [(Self.red, 0.75), (Self.green, 0.25), (Self.red, 0)]
        for (index, (active, shown)) in expected.enumerated() {
            let got = dots(picture, y: 100)[index]
            for shift: UInt32 in [16, 8, 0] {
                func channel(_ pixel: UInt32) -> Double { Double(pixel >> shift & 0xFF) }
                let under = (1 - shown) * channel(Self.blue) + shown * channel(Self.grey)
                let want = shown * channel(active) + (1 - shown) * under
                XCTAssertEqual(channel(got), want, accuracy: 2, "dot \(index + 1), channel \(shift): 0x\(String(got, radix: 16))")
            }
        }
    }
}
