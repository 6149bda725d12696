import Foundation
import Glibc
import XCTest
@testable import KioskCamera

/// A camera that cannot be opened is something a kiosk owner must act on: it goes to `warn`
/// (the daemon's WARNING), while streaming and recovery stay notices on `log`.
final class CameraFaultWarningTests: XCTestCase {
    private let format = CaptureFormat(width: 4, height: 2, pixelFormat: .yuyv, bytesPerLine: 8, framesPerSecond: 30)

    func testAMissingCameraIsAWarningAndItsStreamingLaterANotice() {
        let notices = LogRecorder(), warnings = LogRecorder()
        let device = FakeCaptureDevice(openResults: [.failure(.cannotOpen(device: "/dev/video9", errno: ENOENT)), .success(format)])
        let settings = CameraSettings(source: .v4l2, devicePath: device.path, requestedWidth: 4, requestedHeight: 2,
                                      retryInitialDelay: 1, retryMaximumDelay: 8)
        let session = FeedSession(device: device, fallback: nil, mailbox: FrameMailbox(width: 4, height: 2), settings: settings,
                                  startTime: 0, log: { notices.record($0) }, warn: { warnings.record($0) })
        _ = session.step(now: 0)
        XCTAssertEqual(warnings.lines.count, 1)
        XCTAssertTrue(warnings.lines.first?.hasPrefix("/dev/video9: cannot open") ?? false, "\(warnings.lines)")
        XCTAssertEqual(notices.lines, [])
        _ = session.step(now: 1)
        XCTAssertEqual(notices.lines, ["camera /dev/video9: streaming 4x2 YUYV at 30 fps"])
        XCTAssertEqual(warnings.lines.count, 1)
    }

    func testTheFactorysV4L2FeedWarnsOfAMissingDevice() throws {
        let warnings = LockedWarnings()
        let settings = CameraSettings(source: .v4l2, devicePath: "/dev/video-missing-in-warning-test", retryInitialDelay: 60)
        let feed = try XCTUnwrap(CameraFeedFactory.makeFeed(settings: settings, displayWidth: 16, displayHeight: 8,
                                                            log: { _ in }, warn: { warnings.append($0) })?.live)
        feed.start(after: nil)
        var waiter = pollfd(fd: feed.readinessDescriptor, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(poll(&waiter, 1, 10_000), 1)
        XCTAssertTrue(feed.stop().wait(timeout: 10))
        XCTAssertTrue(warnings.all.first?.hasPrefix("/dev/video-missing-in-warning-test: cannot open") ?? false, "\(warnings.all)")
    }
}

/// Warnings from the capture thread.
private final class LockedWarnings: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}
