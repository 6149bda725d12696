import KioskDisplay
import KioskEngine
import XCTest

final class PointerTouchscreenTests: XCTestCase {
    func testADragIsOneTouchThatBeginsMovesAndEndsWhereThePointerWas() {
        var pointer = PointerTouchscreen(size: Size(width: 640, height: 400))
        let began = pointer.press(at: Point(x: 500, y: 200), time: 1)
        let moved = pointer.move(to: Point(x: 300, y: 210), time: 1.1)
        let ended = pointer.release(time: 1.2)
        XCTAssertEqual(began.map(\.phase), [.began])
        XCTAssertEqual(began.first?.location, Point(x: 500, y: 200))
        XCTAssertEqual(moved.map(\.phase), [.moved])
        XCTAssertEqual(moved.first?.location, Point(x: 300, y: 210))
        XCTAssertEqual(moved.first?.time, 1.1)
        XCTAssertEqual(ended.map(\.phase), [.ended])
        XCTAssertEqual(ended.first?.location, Point(x: 300, y: 210))
        XCTAssertEqual(Set([began, moved, ended].compactMap(\.first?.id)).count, 1)
    }

    func testMovingWithoutAPressedButtonTouchesNothingAndEachPressIsANewTouch() {
        var pointer = PointerTouchscreen(size: Size(width: 640, height: 400))
        XCTAssertEqual(pointer.move(to: Point(x: 10, y: 10), time: 0), [])
        XCTAssertEqual(pointer.release(time: 0), [])
        let first = pointer.press(at: Point(x: 10, y: 10), time: 1)
        _ = pointer.release(time: 1.1)
        let second = pointer.press(at: Point(x: 20, y: 20), time: 2)
        XCTAssertEqual(second.map(\.phase), [.began])
        XCTAssertNotEqual(first.first?.id, second.first?.id)
    }
}
