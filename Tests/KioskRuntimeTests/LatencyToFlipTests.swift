import KioskRuntime
import XCTest

/// Touch-to-screen latency where the display reports flips: a touch counts until the flip event of
/// the first frame that showed it, not until that frame was handed to the display.
final class LatencyToFlipTests: XCTestCase {
    func testATouchCountsUntilTheFlipThatShowedItsFrame() throws {
        var recorder = LatencyRecorder()
        recorder.inputArrived(at: 10.000)
        recorder.framePresented(number: 1)
        recorder.inputArrived(at: 10.005)
        recorder.framePresented(number: 2)
        recorder.inputArrived(at: 10.007)
        recorder.framePresented(number: 3)
        XCTAssertTrue(recorder.samples.isEmpty, "presented is not on screen")
        recorder.framesShown(at: 10.0167, presentsCovered: 1)
        XCTAssertEqual(recorder.samples.count, 1)
        XCTAssertEqual(try XCTUnwrap(recorder.samples.first), 0.0167, accuracy: 1e-9)
        // Frame 2 was replaced in the display's queue by 3; the flip of 3 shows both touches.
        recorder.framesShown(at: 10.0333, presentsCovered: 3)
        XCTAssertEqual(recorder.samples.count, 3)
        guard recorder.samples.count == 3 else { return }
        XCTAssertEqual(recorder.samples[1], 0.0283, accuracy: 1e-9)
        XCTAssertEqual(recorder.samples[2], 0.0263, accuracy: 1e-9)
    }
}
