import KioskEngine
import XCTest

/// The decoder's share of `[limits] memory` applied to a clip's decoded size.
final class VideoDecoderLimitTests: XCTestCase {
    /// A frame may take the decoder's allowance over the frames it holds, so the estimate's 48 MiB holds.
    func testTheLimitIsTheDecodersAllowanceOverItsFrames() {
        XCTAssertEqual(VideoDecoderLimit.maximumFrameBytes * RuntimeMemory.videoDecoderFrames, RuntimeMemory.videoDecoderBytes)
    }

    /// 1080p and UHD 4:2:0 clips play; 4000x4000 and 8000x8000 are refused naming their size, the limit and what to do.
    func testAClipOverTheAllowanceIsRefusedWithItsSizeAndWhatToDo() throws {
        XCTAssertNil(VideoDecoderLimit.problem(width: 1920, height: 1080, frameBytes: 1920 * 1080 * 3 / 2))
        XCTAssertNil(VideoDecoderLimit.problem(width: 320, height: 240, frameBytes: 320 * 240 * 4))
        XCTAssertNotNil(VideoDecoderLimit.problem(width: 4000, height: 4000, frameBytes: 4000 * 4000 * 3 / 2))
        let problem = try XCTUnwrap(VideoDecoderLimit.problem(width: 8000, height: 8000, frameBytes: 8000 * 8000 * 3 / 2))
        XCTAssertTrue(problem.contains("8000x8000"), problem)
        XCTAssertTrue(problem.contains("367 MiB"), problem)
        XCTAssertTrue(problem.contains("48 MiB"), problem)
        XCTAssertTrue(problem.contains("[limits] memory"), problem)
        XCTAssertTrue(problem.contains("Re-encode it smaller"), problem)
        // UHD in 4:2:0 needs 47.5 MiB for four frames: within; UHD in 4:2:2 is over.
        XCTAssertNil(VideoDecoderLimit.problem(width: 3840, height: 2160, frameBytes: 3840 * 2160 * 3 / 2))
        XCTAssertNotNil(VideoDecoderLimit.problem(width: 3840, height: 2160, frameBytes: 3840 * 2160 * 2))
    }
}
