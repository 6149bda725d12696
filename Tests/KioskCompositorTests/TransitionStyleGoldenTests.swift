import KioskEngine
import KioskTestFixtures
import XCTest
@testable import KioskCompositor

/// Each of the engine's transition styles drawn at progress 0, 0.5 and 1, going forward.
final class TransitionStyleGoldenTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestFonts.pin()
    }

    private typealias S = TestScene

    /// Runs the style's four steps under a paused property animator scrubbed to `progress`, as the
    /// interactive driver does, and renders the result.
    private func render(_ style: TransitionStyle, progress: Double) -> PixelBuffer {
        let bounds = Rect(x: 0, y: 0, width: Double(S.width), height: Double(S.height))
        let root = S.root()
        let container = View(name: "container", frame: bounds)
        root.addSubview(container)
        let from = S.box("from", bounds, S.blue)
        from.addSubview(S.box("from-mark", Rect(x: 6, y: 6, width: 14, height: 10), .white))
        let to = View(name: "to", frame: bounds)
        to.content = .linearGradient(S.cardGradient)
        to.addSubview(S.box("to-mark", Rect(x: 40, y: 28, width: 16, height: 12), S.red))
        container.addSubview(from)

        let animation = style.makeAnimation()
        let frames = animation.frames(in: bounds, forward: true)
        from.frame = frames.fromInitial
        let animator = animation.makeAnimator(containerView: container, fromView: from, toView: to, toFrame: frames.toFinal,
                                              forward: true, duration: 1, curve: .linear, frameClock: ManualFrameClock(), root: root)
        animator.pauseAnimation()
        animator.fractionComplete = progress
        return S.render(root)
    }

    private func assertStyle(_ style: TransitionStyle, file: StaticString = #filePath, line: UInt = #line) {
        let start = render(style, progress: 0), middle = render(style, progress: 0.5), end = render(style, progress: 1)
        XCTAssertEqual(start[10, 10] & 0xFF_FFFF, 0xFF_FFFF, "\(style) starts on the outgoing screen", file: file, line: line)
        if style == .panel {
            XCTAssertTrue(GoldenImage.close(end[32, 47], to(at: 47), 8), "the panel ends in the bottom part", file: file, line: line)
            XCTAssertLessThan(end[32, 4] & 0xFF, 0xE6, "the presenter is dimmed", file: file, line: line)
        } else {
            XCTAssertEqual(end[46, 32] & 0xFF_FFFF, 0xE6_2828, "\(style) ends on the incoming screen", file: file, line: line)
        }
        XCTAssertNotEqual(Region(differences(start, middle)).area, 0, "\(style) moves by half-way", file: file, line: line)
        GoldenImage.assertMatches(start, "style-\(style.rawValue)-0", file: file, line: line)
        GoldenImage.assertMatches(middle, "style-\(style.rawValue)-0.5", file: file, line: line)
        GoldenImage.assertMatches(end, "style-\(style.rawValue)-1", file: file, line: line)
    }

    /// The incoming screen's gradient colour at its own bottom row, whatever its height.
    private func to(at row: Int) -> UInt32 {
        render(.overlap, progress: 1)[32, row] & 0xFF_FFFF
    }

    private func differences(_ a: PixelBuffer, _ b: PixelBuffer) -> [PixelRect] {
        var rects: [PixelRect] = []
        for y in 0..<a.height {
            for x in 0..<a.width where !GoldenImage.close(a[x, y], b[x, y], 8) {
                rects.append(PixelRect(x: x, y: y, width: 1, height: 1))
            }
        }
        return rects
    }

    func testOverlapSlidesTheIncomingScreenOverTheOutgoingWithParallax() { assertStyle(.overlap) }
    func testSlideMovesBothScreensByTheFullWidth() { assertStyle(.slide) }
    func testFadeFadesTheIncomingScreenInOverTheOutgoing() { assertStyle(.fade) }
    func testFlipTurnsTheScreenAroundTheVerticalAxis() { assertStyle(.flip) }
    func testCubeTurnsBothScreensAsFacesOfACube() { assertStyle(.cube) }
    func testZoomGrowsTheIncomingScreenFromTheCentre() { assertStyle(.zoom) }
    func testPanelRisesOverTheBottomHalfAndDimsThePresenter() { assertStyle(.panel) }

    func testFlipIsEdgeOnHalfWay() {
        let middle = render(.flip, progress: 0.5)
        let covered = (0..<S.width).filter { x in (0..<S.height).contains { middle[x, $0] & 0xFF_FFFF != 0x20_2028 } }
        XCTAssertLessThan(covered.count, 8, "an edge-on view covers almost no columns")
    }
}
