import KioskOptions
import XCTest
@testable import KioskCamera

/// `[camera] size = "auto"`: which of the sizes a driver enumerates is asked for.
final class FrameSizeRangeTests: XCTestCase {
    private let display = PixelSize(width: 1920, height: 1080)

    private func discrete(_ sizes: [(Int, Int)]) -> [FrameSizeRange] {
        sizes.map { FrameSizeRange(PixelSize(width: $0.0, height: $0.1)) }
    }

    func testThePanelsOwnSizeIsChosenWhenOffered() {
        let offered = discrete([(640, 480), (1280, 720), (1920, 1080), (3840, 2160)])
        XCTAssertEqual(FrameSizeRange.nearest(to: display, among: offered), display)
    }

    func testTheSmallestSizeCoveringTheDisplayIsChosen() {
        let offered = discrete([(640, 480), (2592, 1944), (3840, 2160), (1280, 720)])
        XCTAssertEqual(FrameSizeRange.nearest(to: display, among: offered), PixelSize(width: 2592, height: 1944))
    }

    func testTheLargestIsChosenWhenNoneCoversTheDisplay() {
        let offered = discrete([(320, 240), (1280, 720), (640, 480)])
        XCTAssertEqual(FrameSizeRange.nearest(to: display, among: offered), PixelSize(width: 1280, height: 720))
    }

    func testAStepwiseRangeGivesTheDisplaySizeOnItsSteps() {
        let range = FrameSizeRange(minimum: PixelSize(width: 48, height: 32), maximum: PixelSize(width: 4096, height: 2160),
                                   stepWidth: 16, stepHeight: 16)
        // 1080 is not on a 16-row step from 32: the next step up covers the panel.
        XCTAssertEqual(FrameSizeRange.nearest(to: display, among: [range]), PixelSize(width: 1920, height: 1088))
        XCTAssertEqual(FrameSizeRange.nearest(to: PixelSize(width: 8000, height: 8000), among: [range]),
                       PixelSize(width: 4096, height: 2160))
    }

    func testNothingOfferedLeavesTheRequestToTheDriver() {
        XCTAssertNil(FrameSizeRange.nearest(to: display, among: []))
    }
}
