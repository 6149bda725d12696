import XCTest
@testable import KioskEngine

/// The cube draws no face seen from inside: nothing sorts layers by depth, so such a face would
/// show through (or over) the face in front of it.
final class CubeAnimationTests: XCTestCase {
    private let bounds = Rect(x: 0, y: 0, width: 400, height: 300)

    private func alphas(at progress: Double, forward: Bool) -> (from: Double, to: Double) {
        let from = View(name: "from", frame: bounds), to = View(name: "to", frame: bounds)
        CubeAnimation().interpolate(progress: progress, fromView: from, toView: to, forward: forward)
        return (from.alpha, to.alpha)
    }

    func testOnlyTheFacesTurnedTowardTheViewerAreShown() {
        for forward in [true, false] {
            XCTAssertTrue(alphas(at: 0, forward: forward) == (1, 0), "at the start the incoming face is edge-on from inside")
            XCTAssertTrue(alphas(at: 0.1, forward: forward) == (1, 0))
            XCTAssertTrue(alphas(at: 0.5, forward: forward) == (1, 1), "half-way both faces are seen from outside")
            XCTAssertTrue(alphas(at: 0.9, forward: forward) == (0, 1))
            XCTAssertTrue(alphas(at: 1, forward: forward) == (0, 1))
        }
    }

    func testFinalizeShowsBothFacesFlat() {
        let from = View(name: "from", frame: bounds), to = View(name: "to", frame: bounds)
        let cube = CubeAnimation()
        cube.interpolate(progress: 0.05, fromView: from, toView: to, forward: true)
        cube.finalize(completed: false, fromView: from, toView: to, forward: true)
        for view in [from, to] {
            XCTAssertEqual(view.alpha, 1)
            XCTAssertEqual(view.transform, .identity)
        }
    }
}
