import Glibc
import KioskEngine
import XCTest
@testable import KioskCamera

final class CameraFeedFactoryTests: XCTestCase {
    func testNoneGivesNoFeed() throws {
        XCTAssertNil(try CameraFeedFactory.makeFeed(settings: CameraSettings(source: .none), displayWidth: 8, displayHeight: 8,
                                                    log: { _ in }))
        XCTAssertNil(try CameraFeedFactory.makeTimedSource(settings: CameraSettings(source: .none), displayWidth: 8, displayHeight: 8))
    }

    func testImageSourceNeedsAPath() {
        XCTAssertThrowsError(try CameraFeedFactory.makeFeed(settings: CameraSettings(source: .image), displayWidth: 8,
                                                            displayHeight: 8, log: { _ in })) {
            XCTAssertEqual("\($0)", "[camera] image: no image file or folder is set; fix [camera] image")
        }
        let settings = CameraSettings(source: .v4l2, imagePath: "/nonexistent/pictures", fallback: .image)
        XCTAssertThrowsError(try CameraFeedFactory.makeFeed(settings: settings, displayWidth: 8, displayHeight: 8, log: { _ in })) {
            XCTAssertTrue("\($0)".hasPrefix("/nonexistent/pictures: no such file or folder"))
        }
    }

    func testSettingsProblemsNameTheKey() {
        XCTAssertEqual(CameraSettings().validationProblems(), [])
        let bad = CameraSettings(source: .image, requestedWidth: 0, framesPerSecond: 0, slideshowInterval: 1, crossfadeDuration: 2)
        let problems = bad.validationProblems()
        XCTAssertEqual(problems.count, 4, "\(problems)")
        XCTAssertTrue(problems.allSatisfy { $0.hasPrefix("[camera] ") })
        XCTAssertTrue(problems.contains { $0.contains("fps is 0.0") })
    }

    func testSimulationOfACameraShowsItsFallback() throws {
        let source = try XCTUnwrap(CameraFeedFactory.makeTimedSource(settings: CameraSettings(source: .v4l2),
                                                                    displayWidth: 32, displayHeight: 16))
        XCTAssertTrue(source is PatternSource)
        XCTAssertNil(try CameraFeedFactory.makeTimedSource(settings: CameraSettings(source: .v4l2, fallback: .none),
                                                          displayWidth: 32, displayHeight: 16))
    }

    /// The real thread: frames reach the readiness descriptor, and the thread finishes after stop.
    func testLivePatternFeedDeliversThroughItsDescriptor() throws {
        let feed = try XCTUnwrap(CameraFeedFactory.makeFeed(settings: CameraSettings(), displayWidth: 32, displayHeight: 16,
                                                            log: { _ in }))
        feed.start()
        var waiter = pollfd(fd: feed.readinessDescriptor, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(poll(&waiter, 1, 10_000), 1, "no frame from the capture thread")
        let frame = try XCTUnwrap(feed.takeNewestFrame())
        XCTAssertEqual(frame.width, 32)
        XCTAssertEqual(frame.height, 16)
        XCTAssertEqual(feed.status, "pattern 32x16")
        XCTAssertTrue(feed.stop().wait(timeout: 10), "the capture thread did not finish")
        XCTAssertEqual(feed.status, "stopped")
    }

    func testLiveCameraFeedFallsBackWhenTheDeviceIsMissing() throws {
        let settings = CameraSettings(source: .v4l2, devicePath: "/dev/video-missing-in-test", retryInitialDelay: 60)
        let feed = LiveFeed(settings: settings, displayWidth: 16, displayHeight: 8, fallback: .pattern(framesPerSecond: 30),
                            makeDevice: { V4L2CaptureDevice(settings: settings) }, log: { _ in })
        feed.start()
        var waiter = pollfd(fd: feed.readinessDescriptor, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(poll(&waiter, 1, 10_000), 1)
        XCTAssertNotNil(feed.takeNewestFrame())
        XCTAssertTrue(feed.status.hasPrefix("/dev/video-missing-in-test: cannot open (No such file or directory)"), feed.status)
        feed.stop()
    }
}
