import XCTest
@testable import KioskEngine

final class RotationTests: XCTestCase {
    func testQuarterTurnsMoveTheTopLeftCornerClockwise() {
        let corner = Point(x: 0, y: 0)
        XCTAssertEqual(Rotation.clockwise90.turning(normalised: corner), Point(x: 1, y: 0))
        XCTAssertEqual(Rotation.clockwise180.turning(normalised: corner), Point(x: 1, y: 1))
        XCTAssertEqual(Rotation.clockwise270.turning(normalised: corner), Point(x: 0, y: 1))
    }

    func testEachTurnIsUndoneByItsInverse() {
        let point = Point(x: 0.25, y: 0.125)
        for rotation in Rotation.allCases {
            XCTAssertEqual(rotation.inverse.turning(normalised: rotation.turning(normalised: point)), point, "\(rotation)")
        }
    }

    func testQuarterTurnsSwapWidthAndHeight() {
        let size = Size(width: 1280, height: 800)
        XCTAssertEqual(Rotation.clockwise90.turning(size), Size(width: 800, height: 1280))
        XCTAssertEqual(Rotation.clockwise180.turning(size), size)
        XCTAssertEqual(Rotation.clockwise270.turning(size), Size(width: 800, height: 1280))
    }
}
