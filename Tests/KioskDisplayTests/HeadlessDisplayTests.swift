import KioskEngine
import XCTest
@testable import KioskDisplay

final class HeadlessDisplayTests: XCTestCase {
    func testVirtualClockTicksOnlyWhenTheCallerTicksIt() throws {
        let display = try HeadlessDisplay(width: 4, height: 2, refreshRate: 50, virtualClock: true)
        var timestamps: [Double] = []
        let link = display.frameClock.addDisplayLink { timestamps.append($0.timestamp) }
        defer { link.invalidate() }
        XCTAssertTrue(display.pollDescriptors.isEmpty)
        XCTAssertEqual(timestamps, [])
        display.virtualClock!.tick()
        display.virtualClock!.tick()
        XCTAssertEqual(timestamps.count, 2)
        XCTAssertEqual(timestamps[1], 0.04, accuracy: 1e-9)
    }

    func testKeepsTheLastFrameUpdatedByDamageOnly() throws {
        let display = try HeadlessDisplay(width: 4, height: 2, virtualClock: true, copiesFrames: true)
        let frame = PixelBuffer(width: 4, height: 2)
        frame.fill(0xFF00_00FF)
        try display.present(frame, damage: [PixelRect(x: 0, y: 0, width: 4, height: 2)])
        frame[1, 1] = 0xFFFF_0000
        frame[3, 0] = 0xFF00_FF00
        try display.present(frame, damage: [PixelRect(x: 1, y: 1, width: 1, height: 1)])
        try display.present(frame, damage: [])
        XCTAssertEqual(display.lastFrame[1, 1], 0xFFFF_0000)
        XCTAssertEqual(display.lastFrame[3, 0], 0xFF00_00FF, "undamaged pixels keep the earlier frame")
        XCTAssertEqual(display.presentedFrameCount, 2)
    }

    /// The daemon's headless backend keeps no frame of its own: it shows the frame presented last.
    func testWithoutCopiesTheLastFrameIsThePresentedOne() throws {
        let display = try HeadlessDisplay(width: 4, height: 2, virtualClock: true)
        XCTAssertFalse(display.copiesFrames)
        let frame = PixelBuffer(width: 4, height: 2)
        frame.fill(0xFF00_00FF)
        try display.present(frame, damage: [PixelRect(x: 0, y: 0, width: 1, height: 1)])
        XCTAssertTrue(display.lastFrame === frame)
        XCTAssertEqual(display.lastFrame[3, 1], 0xFF00_00FF)
        XCTAssertEqual(display.presentedFrameCount, 1)
    }

    func testRealTimeClockExposesATimerDescriptor() throws {
        let display = try HeadlessDisplay(width: 4, height: 2, virtualClock: false)
        defer { display.close() }
        XCTAssertEqual(display.pollDescriptors.count, 1)
        XCTAssertEqual(display.frameClock.refreshInterval, 1.0 / 60, accuracy: 1e-12)
        XCTAssertThrowsError(try display.present(PixelBuffer(width: 2, height: 2), damage: []))
    }

    func testRejectsImpossibleSizes() {
        XCTAssertThrowsError(try HeadlessDisplay(width: 0, height: 480, virtualClock: true)) {
            XCTAssertTrue("\($0)".contains("0x480"), "\($0)")
        }
    }
}
