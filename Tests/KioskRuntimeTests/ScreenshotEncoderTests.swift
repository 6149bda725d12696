import KioskEngine
@testable import KioskRuntime
import XCTest

final class ScreenshotEncoderTests: XCTestCase {
    /// 400 pipelined calls (issue 40: they aborted the daemon at 2.7 GB): only a few frames are
    /// copied at once, the rest are answered `busy` at once, and the ones taken still arrive.
    func testPipelinedScreenshotsBeyondTheBoundAreAnsweredBusyAtOnce() throws {
        let loop = try EventLoop()
        let encoder = try ScreenshotEncoder(loop: loop)
        let frame = PixelBuffer(width: 64, height: 48)
        frame.fill(0xFF20_4060)
        var busy = 0, encoded = 0
        for _ in 0..<400 {
            encoder.encode(frame) { result in
                switch result {
                case .success(let png): XCTAssertFalse(png.isEmpty); encoded += 1
                case .failure(let error): XCTAssertEqual(error, .busy); busy += 1
                }
            }
        }
        XCTAssertEqual(busy, 400 - ScreenshotEncoder.maximumInFlight, "every call past the bound is refused before the loop runs")
        XCTAssertEqual(encoder.inFlight, ScreenshotEncoder.maximumInFlight)
        for _ in 0..<100 where encoded < ScreenshotEncoder.maximumInFlight {
            _ = try loop.runOnce(timeoutMilliseconds: 1000)
        }
        XCTAssertEqual(encoded, ScreenshotEncoder.maximumInFlight, "the screenshots taken are delivered")
        XCTAssertEqual(encoder.inFlight, 0)
        var again: Result<Data, ControlError>?
        encoder.encode(frame) { again = $0 }
        for _ in 0..<100 where again == nil { _ = try loop.runOnce(timeoutMilliseconds: 1000) }
        XCTAssertNotNil(try? again?.get(), "once delivered, screenshots are taken again")
    }
}
