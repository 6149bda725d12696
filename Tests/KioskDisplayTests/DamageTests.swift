import KioskEngine
import XCTest
@testable import KioskDisplay

final class DamageTests: XCTestCase {
    private func rect(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> PixelRect { PixelRect(x: x, y: y, width: w, height: h) }

    func testEachBufferGetsWhatItMissedSinceItWasLastWritten() {
        var tracker = DamageTracker(bufferCount: 2, width: 100, height: 100)
        let full = rect(0, 0, 100, 100)
        XCTAssertEqual(tracker.rectanglesToCopy(into: 0, damage: [rect(0, 0, 10, 10)]), [full])
        XCTAssertEqual(tracker.rectanglesToCopy(into: 1, damage: [rect(20, 0, 10, 10)]), [full])
        XCTAssertEqual(tracker.rectanglesToCopy(into: 0, damage: [rect(40, 0, 10, 10)]), [rect(20, 0, 10, 10), rect(40, 0, 10, 10)])
        XCTAssertEqual(tracker.rectanglesToCopy(into: 1, damage: [rect(60, 0, 10, 10)]), [rect(40, 0, 10, 10), rect(60, 0, 10, 10)])
    }

    func testThreeBuffersCarryTwoFramesOfAge() {
        var tracker = DamageTracker(bufferCount: 3, width: 100, height: 100)
        for buffer in 0..<3 { _ = tracker.rectanglesToCopy(into: buffer, damage: [rect(0, 0, 1, 1)]) }
        _ = tracker.rectanglesToCopy(into: 0, damage: [rect(10, 10, 5, 5)])
        _ = tracker.rectanglesToCopy(into: 1, damage: [rect(30, 30, 5, 5)])
        XCTAssertEqual(tracker.rectanglesToCopy(into: 2, damage: [rect(50, 50, 5, 5)]),
                       [rect(10, 10, 5, 5), rect(30, 30, 5, 5), rect(50, 50, 5, 5)])
    }

    func testDamageIsClippedAndContainedRectanglesDropped() {
        var tracker = DamageTracker(bufferCount: 1, width: 100, height: 100)
        _ = tracker.rectanglesToCopy(into: 0, damage: [])
        XCTAssertEqual(tracker.rectanglesToCopy(into: 0, damage: [rect(90, 90, 50, 50), rect(-5, -5, 10, 10), rect(200, 0, 5, 5)]),
                       [rect(90, 90, 10, 10), rect(0, 0, 5, 5)])
        XCTAssertEqual(tracker.rectanglesToCopy(into: 0, damage: [rect(10, 10, 5, 5), rect(0, 0, 50, 50), rect(20, 20, 5, 5)]),
                       [rect(0, 0, 50, 50)])
    }

    func testManySmallRectanglesCollapseToTheirBounds() {
        var tracker = DamageTracker(bufferCount: 1, width: 100, height: 100)
        _ = tracker.rectanglesToCopy(into: 0, damage: [])
        let scattered = (0..<20).map { rect($0 * 4, $0 * 3, 2, 2) }
        XCTAssertEqual(tracker.rectanglesToCopy(into: 0, damage: scattered), [rect(0, 0, 78, 59)])
    }

    func testCopyWritesOnlyTheRectanglesIntoAPaddedTarget() {
        let frame = PixelBuffer(width: 8, height: 4)
        frame.fill(0xFF11_2233)
        let pitch = 8 * 4 + 12
        let target = UnsafeMutableRawPointer.allocate(byteCount: pitch * 4, alignment: 4)
        defer { target.deallocate() }
        target.initializeMemory(as: UInt8.self, repeating: 0, count: pitch * 4)
        let copied = DamageCopy.copy([rect(2, 1, 3, 2), rect(6, 3, 10, 10)], from: frame, to: target,
                                     targetPitch: pitch, targetWidth: 8, targetHeight: 4)
        XCTAssertEqual(copied, 6 + 2)
        func pixel(_ x: Int, _ y: Int) -> UInt32 { target.load(fromByteOffset: y * pitch + x * 4, as: UInt32.self) }
        XCTAssertEqual(pixel(2, 1), 0xFF11_2233)
        XCTAssertEqual(pixel(4, 2), 0xFF11_2233)
        XCTAssertEqual(pixel(7, 3), 0xFF11_2233)
        XCTAssertEqual(pixel(1, 1), 0)
        XCTAssertEqual(pixel(5, 1), 0)
        XCTAssertEqual(pixel(2, 0), 0)
        XCTAssertEqual(pixel(5, 3), 0)
        // The padding past the last column stays untouched.
        XCTAssertEqual(target.load(fromByteOffset: 3 * pitch + 8 * 4, as: UInt32.self), 0)
    }
}
