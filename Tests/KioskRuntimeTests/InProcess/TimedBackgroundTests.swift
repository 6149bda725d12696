import KioskCamera
import KioskConfig
import KioskEngine
import Logging
@testable import KioskRuntime
import KioskTestSupport
import XCTest

/// The pattern is drawn on the loop, on the daemon's clock, into one buffer: no thread, one frame of memory.
final class TimedBackgroundTests: XCTestCase {
    func testThePatternIsDrawnOnTheLoopAtEachChangeIntoOneBuffer() throws {
        let clock = ManualDaemonClock(frameClock: ManualFrameClock(refreshInterval: 1.0 / 60))
        var configuration = CameraConfiguration()
        configuration.source = .pattern
        configuration.framesPerSecond = 10
        let background = CameraBackground(
            factory: { configuration, size in
                try CameraFeedFactory.makeFeed(settings: configuration.cameraSettings, displayWidth: Int(size.width),
                                               displayHeight: Int(size.height), log: { _ in })
            },
            loop: try EventLoop(), clock: clock, logger: Logger(label: "test"), sceneSize: Size(width: 32, height: 16))
        var frames = 0
        background.onFrame = { frames += 1 }
        background.start(configuration)
        let first = try XCTUnwrap(background.frame, "the first picture is there at once")
        XCTAssertEqual(frames, 1)
        XCTAssertEqual(background.status, "pattern 32x16")
        let firstSequence = first.sequence

        clock.advance(to: clock.now + 0.05)
        XCTAssertEqual(frames, 1, "nothing new before the next tenth of a second")
        clock.advance(to: clock.now + 0.06)
        XCTAssertEqual(frames, 2, "the next picture at its time")
        XCTAssertTrue(background.frame === first, "drawn over the same buffer")
        XCTAssertNotEqual(background.frame?.sequence, firstSequence)
        clock.advance(to: clock.now + 1)
        XCTAssertEqual(frames, 12, "one a tenth of a second")

        background.pause()
        XCTAssertNil(background.frame, "dark: no picture kept")
        clock.advance(to: clock.now + 1)
        XCTAssertEqual(frames, 12, "and none drawn")
        background.resume()
        XCTAssertNotNil(background.frame)
        XCTAssertEqual(frames, 13)
    }
}
