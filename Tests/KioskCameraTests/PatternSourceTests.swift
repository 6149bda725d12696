import KioskEngine
import XCTest
@testable import KioskCamera

final class PatternSourceTests: XCTestCase {
    private func pixels(_ buffer: PixelBuffer) -> [UInt32] {
        Array(UnsafeBufferPointer(start: buffer.pixels, count: buffer.rowLength * buffer.height))
    }

    func testAskedAt60HzItDeliversANewPictureOnlyEvery30thOfASecond() {
        let source = PatternSource(width: 64, height: 48, framesPerSecond: 30)
        let first = source.frame(at: 0.0)
        let sequence = first.sequence
        let sameFrame = source.frame(at: 1.0 / 60)
        XCTAssertTrue(sameFrame === first)
        XCTAssertEqual(sameFrame.sequence, sequence, "no new frame within one pattern frame: the compositor sees nothing new")
        let next = source.frame(at: 2.0 / 60)
        XCTAssertEqual(next.sequence, sequence + 1)
    }

    func testSameTimeGivesTheSamePicture() {
        let first = PatternSource(width: 160, height: 90)
        let second = PatternSource(width: 160, height: 90)
        XCTAssertEqual(pixels(first.frame(at: 2.37)), pixels(second.frame(at: 2.37)))
    }

    func testPictureMovesOverTime() {
        let source = PatternSource(width: 160, height: 90)
        let early = pixels(source.frame(at: 0))
        let later = pixels(source.frame(at: 0.5))
        let changed = zip(early, later).filter { $0 != $1 }.count
        XCTAssertGreaterThan(changed, early.count / 10)
    }

    func testBarsSlideOneBarPerSecond() {
        let source = PatternSource(width: 160, height: 90)
        let barWidth = 160 / 8
        let start = pixels(source.frame(at: 0))
        let oneSecond = pixels(source.frame(at: 1))
        // The top row lies above the dial.
        for x in 0..<(160 - barWidth) {
            XCTAssertEqual(oneSecond[x + barWidth], start[x], "column \(x)")
        }
        XCTAssertNotEqual(oneSecond[0], start[0])
    }

    func testSweepHandTurns() {
        let source = PatternSource(width: 200, height: 200)
        // The hand's colour appears straight above the centre at 0 s and not a quarter turn later.
        let centerX = 100, aboveCenter = 200 * 3 / 8 - 20
        let hand: UInt32 = 0xFFFF_D000
        XCTAssertEqual(source.frame(at: 0)[centerX, aboveCenter], hand)
        XCTAssertNotEqual(source.frame(at: PatternSource.sweepPeriod / 4)[centerX, aboveCenter], hand)
        XCTAssertEqual(source.frame(at: PatternSource.sweepPeriod / 4)[centerX + 20, 200 * 3 / 8], hand)
    }

    func testFramesAreOpaqueAndNumbered() {
        let source = PatternSource(width: 64, height: 48)
        let first = source.frame(at: 0)
        let firstSequence = first.sequence
        XCTAssertTrue(pixels(first).allSatisfy { $0 >> 24 == 0xFF })
        XCTAssertGreaterThan(source.frame(at: 0.1).sequence, firstSequence)
    }

    func testNextChangeIsTheNextFrameTime() throws {
        let source = PatternSource(width: 64, height: 48, framesPerSecond: 25)
        XCTAssertEqual(try XCTUnwrap(source.nextChange(after: 0)), 0.04, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(source.nextChange(after: 1.01)), 1.04, accuracy: 1e-9)
    }
}
