import Foundation
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

    func testAnImageFallbackNeedsAPathAndTheErrorNamesThePathKey() {
        let unset = CameraSettings(source: .v4l2, fallback: .image)
        XCTAssertThrowsError(try CameraFeedFactory.makeFeed(settings: unset, displayWidth: 8, displayHeight: 8, log: { _ in })) {
            XCTAssertEqual("\($0)", "[camera] path: no image file or folder is set; fix [camera] path")
        }
        let settings = CameraSettings(source: .v4l2, imagePath: "/nonexistent/pictures", fallback: .image)
        XCTAssertThrowsError(try CameraFeedFactory.makeFeed(settings: settings, displayWidth: 8, displayHeight: 8, log: { _ in })) {
            XCTAssertTrue("\($0)".hasPrefix("/nonexistent/pictures: no such file or folder"))
        }
        XCTAssertEqual(CameraSettings(source: .image).validationProblems(),
                       ["[camera] path is not set; name a PNG/JPEG file or a folder of them"])
    }

    /// `source = "image"` with a missing or undecodable picture shows its fallback (it stayed black).
    func testABadImageSourceShowsItsFallback() throws {
        let corrupt = FileManager.default.temporaryDirectory.appendingPathComponent("camera-corrupt-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: corrupt) }
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]).write(to: URL(fileURLWithPath: corrupt))
        for path in ["/nonexistent/picture.png", corrupt] {
            let lines = LockedLines()
            let settings = CameraSettings(source: .image, imagePath: path, fallback: .pattern)
            let feed = try XCTUnwrap(CameraFeedFactory.makeFeed(settings: settings, displayWidth: 32, displayHeight: 16,
                                                                log: { lines.append($0) }))
            XCTAssertEqual(lines.all.count, 1, "\(lines.all)")
            XCTAssertTrue(lines.all.first?.hasPrefix("\(path): ") == true, "\(lines.all)")
            XCTAssertTrue(lines.all.first?.hasSuffix("; fix [camera] path; showing the fallback pattern instead") == true, "\(lines.all)")
            let pattern = try XCTUnwrap(feed.timed, "the fallback pattern is drawn on the loop")
            XCTAssertEqual(pattern.summary, "pattern 32x16")
            XCTAssertEqual(pattern.frame(at: 0).width, 32)
        }
        let dark = CameraSettings(source: .image, imagePath: "/nonexistent/picture.png", fallback: .none)
        XCTAssertNil(try CameraFeedFactory.makeFeed(settings: dark, displayWidth: 8, displayHeight: 8, log: { _ in }))
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

    /// The pattern needs no thread: the loop draws it into one buffer, reused frame after frame.
    func testThePatternIsATimedSourceWithOneBuffer() throws {
        let feed = try XCTUnwrap(CameraFeedFactory.makeFeed(settings: CameraSettings(source: .pattern), displayWidth: 32,
                                                            displayHeight: 16, log: { _ in }))
        XCTAssertNil(feed.live)
        let pattern = try XCTUnwrap(feed.timed)
        let first = pattern.frame(at: 0)
        let firstSequence = first.sequence
        let second = pattern.frame(at: 1)
        XCTAssertTrue(first === second, "one buffer, drawn over")
        XCTAssertNotEqual(second.sequence, firstSequence, "a new picture is a new frame to the compositor")
        XCTAssertEqual(pattern.frame(at: 1 + 1e-6).sequence, second.sequence, "the same picture is not drawn again")
    }

    /// The real thread: frames reach the readiness descriptor, and the thread finishes after stop.
    func testLivePatternFeedDeliversThroughItsDescriptor() throws {
        let feed = LiveFeed(settings: CameraSettings(), displayWidth: 32, displayHeight: 16,
                            fallback: .pattern(framesPerSecond: 30), makeDevice: { nil }, log: { _ in })
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

/// Log lines gathered from the capture thread's side.
private final class LockedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}
