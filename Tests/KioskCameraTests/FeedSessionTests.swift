import Glibc
import KioskCompositor
import KioskEngine
import XCTest
@testable import KioskCamera

final class FeedSessionTests: XCTestCase {
    private let yuyvFormat = CaptureFormat(width: 4, height: 2, pixelFormat: .yuyv, bytesPerLine: 8, framesPerSecond: 30)
    private let missing = CameraError.cannotOpen(device: "/dev/video9", errno: ENOENT)
    private var log = LogRecorder()
    private var mailbox = FrameMailbox(width: 4, height: 2)

    private func session(_ device: FakeCaptureDevice, fallback: TimedFrameSource? = nil) -> FeedSession {
        let settings = CameraSettings(source: .v4l2, devicePath: device.path, requestedWidth: 4, requestedHeight: 2,
                                      retryInitialDelay: 1, retryMaximumDelay: 8)
        let log = self.log
        return FeedSession(device: device, fallback: fallback, mailbox: mailbox, settings: settings, startTime: 0,
                           log: { log.record($0) })
    }

    private func isRed(_ frame: PixelBuffer?) -> Bool {
        guard let frame else { return false }
        let c = channels(frame[1, 1])
        return c.red > 250 && c.green < 5 && c.blue < 5
    }

    func testFramesFlowWhileTheCameraWorks() {
        let device = FakeCaptureDevice(openResults: [.success(yuyvFormat)])
        device.deliveries = [.frame(solidYUYV(width: 4, height: 2, StudioYUV.red))]
        let session = session(device)
        XCTAssertEqual(session.step(now: 0), 0)
        XCTAssertEqual(session.phase, .streaming(yuyvFormat))
        XCTAssertEqual(session.step(now: 0.03), 0)
        XCTAssertTrue(isRed(mailbox.takeNewest()))
        XCTAssertEqual(log.lines, ["camera /dev/video9: streaming 4x2 YUYV at 30 fps"])
        XCTAssertEqual(mailbox.status, "camera /dev/video9: 4x2 YUYV at 30 fps")
    }

    func testDriversOwnChoiceOfSizeAndFormatIsReported() {
        let chosen = CaptureFormat(width: 4, height: 2, pixelFormat: .mjpeg, bytesPerLine: 0, card: "vivid")
        let device = FakeCaptureDevice(openResults: [.success(chosen)])
        _ = session(device).step(now: 0)
        XCTAssertEqual(log.lines, ["camera /dev/video9: 'vivid' streaming 4x2 MJPG (asked 4x2 YUYV)"])
    }

    func testMissingCameraShowsFallbackLogsOnceAndBacksOff() {
        let device = FakeCaptureDevice(openResults: [.failure(missing)])
        let session = session(device)
        XCTAssertEqual(session.step(now: 0), 1)
        let fallback = mailbox.takeNewest()
        XCTAssertEqual(fallback?[0, 0], 0xFF00_0000, "black fallback")
        XCTAssertEqual(session.phase, .waiting(until: 1))
        XCTAssertTrue(mailbox.status.contains("showing black"))

        XCTAssertEqual(session.step(now: 0.5), 0.5)
        XCTAssertEqual(device.openCount, 1, "no attempt before the back-off ends")
        _ = session.step(now: 1)
        XCTAssertEqual(session.phase, .waiting(until: 3))
        _ = session.step(now: 3)
        XCTAssertEqual(session.phase, .waiting(until: 7))
        _ = session.step(now: 7)
        XCTAssertEqual(session.phase, .waiting(until: 15))
        _ = session.step(now: 15)
        XCTAssertEqual(session.phase, .waiting(until: 23), "the wait stops growing at the maximum")
        XCTAssertEqual(device.openCount, 5)
        XCTAssertEqual(log.lines.count, 1)
        XCTAssertTrue(log.lines[0].hasPrefix("/dev/video9: cannot open"))
        XCTAssertNil(mailbox.takeNewest(), "a still black fallback is published once")
    }

    func testCameraThatAppearsLaterIsPickedUp() {
        let device = FakeCaptureDevice(openResults: [.failure(missing), .failure(missing), .success(yuyvFormat)])
        device.deliveries = [.frame(solidYUYV(width: 4, height: 2, StudioYUV.red))]
        let session = session(device)
        _ = session.step(now: 0)
        _ = session.step(now: 1)
        _ = session.step(now: 3)
        XCTAssertEqual(session.phase, .streaming(yuyvFormat))
        _ = session.step(now: 3.1)
        XCTAssertTrue(isRed(mailbox.takeNewest()))
        XCTAssertEqual(log.lines.count, 3)
        XCTAssertTrue(log.lines[2].contains("recovered"))
        XCTAssertNil(session.reportedFault)
    }

    func testUnplugMidStreamShowsFallbackAndRecoversWithShortBackOff() {
        let device = FakeCaptureDevice(openResults: [.success(yuyvFormat), .failure(missing), .success(yuyvFormat)])
        let red = solidYUYV(width: 4, height: 2, StudioYUV.red)
        device.deliveries = [.frame(red), .gone]
        let pattern = PatternSource(width: 4, height: 2)
        let session = session(device, fallback: pattern)
        _ = session.step(now: 0)
        _ = session.step(now: 0.1)
        XCTAssertTrue(isRed(mailbox.takeNewest()))

        _ = session.step(now: 0.2)
        XCTAssertEqual(device.closeCount, 1)
        XCTAssertEqual(session.phase, .waiting(until: 1.2))
        let shown = mailbox.takeNewest()
        XCTAssertEqual(shown.map { Array(UnsafeBufferPointer(start: $0.pixels, count: 8)) },
                       Array(UnsafeBufferPointer(start: pattern.frame(at: 0.2).pixels, count: 8)))
        XCTAssertTrue(log.lines.last?.contains("went away") ?? false)
        XCTAssertTrue(mailbox.status.contains("showing pattern"))

        _ = session.step(now: 1.2) // still unplugged: a different fault, reported once
        XCTAssertEqual(session.phase, .waiting(until: 3.2))
        _ = session.step(now: 2) // the fallback keeps animating meanwhile
        XCTAssertNotNil(mailbox.takeNewest())
        device.deliveries = [.frame(red)]
        _ = session.step(now: 3.2)
        _ = session.step(now: 3.3)
        XCTAssertTrue(isRed(mailbox.takeNewest()))
        XCTAssertTrue(log.lines.last?.contains("recovered") ?? false)
        XCTAssertEqual(log.lines.count, 4, "streaming, went away, cannot open, recovered: \(log.lines)")
    }

    /// A stream that breaks after one frame each time (issue 40: a clip whose stream keeps failing)
    /// backs off as a missing camera does; one that streamed a while starts short again.
    func testASourceThatFailsSoonAfterEachOpeningBacksOff() {
        let device = FakeCaptureDevice(openResults: [.success(yuyvFormat)])
        let red = solidYUYV(width: 4, height: 2, StudioYUV.red)
        let session = session(device)
        var now = 0.0, waits: [Double] = []
        for _ in 0..<5 {
            device.deliveries = [.frame(red), .gone]
            _ = session.step(now: now)
            _ = session.step(now: now + 0.1)
            _ = session.step(now: now + 0.2)
            guard case .waiting(let until) = session.phase else { return XCTFail("\(session.phase)") }
            waits.append(until - (now + 0.2))
            now = until
        }
        XCTAssertEqual(waits.map { ($0 * 10).rounded() / 10 }, [1, 2, 4, 8, 8])
        device.deliveries = [.frame(red), .frame(red), .gone]
        _ = session.step(now: now)
        _ = session.step(now: now + 0.1)
        _ = session.step(now: now + 6)
        _ = session.step(now: now + 6.1)
        XCTAssertEqual(session.phase, .waiting(until: now + 7.1), "after 6 s of frames the wait is short again")
    }

    func testCorruptMJPEGIsSkippedAndLoggedOnce() throws {
        let format = CaptureFormat(width: 8, height: 4, pixelFormat: .mjpeg, bytesPerLine: 0)
        let device = FakeCaptureDevice(openResults: [.success(format)])
        let picture = PixelBuffer(width: 8, height: 4)
        picture.fill(0xFFFF_0000)
        let good = try XCTUnwrap(JPEGEncoder.encode(picture, quality: 98))
        let bad: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 0, 1, 2, 3]
        device.deliveries = [.frame(good), .frame(bad), .frame(bad), .flaggedCorrupt(good), .frame(good)]
        let session = session(device)
        _ = session.step(now: 0)
        _ = session.step(now: 0.1)
        XCTAssertTrue(isRed(mailbox.takeNewest()))
        for tick in 2...4 { _ = session.step(now: Double(tick) / 10) }
        XCTAssertNil(mailbox.takeNewest(), "bad frames are not shown")
        XCTAssertEqual(session.phase, .streaming(format))
        XCTAssertEqual(log.lines.filter { $0.contains("corrupt frame") }.count, 1)
        _ = session.step(now: 0.5)
        XCTAssertTrue(isRed(mailbox.takeNewest()))
        XCTAssertTrue(log.lines.last?.contains("recovered") ?? false)
    }

    func testEndlessCorruptFramesRestartTheCamera() {
        let device = FakeCaptureDevice(openResults: [.success(yuyvFormat)])
        let session = session(device)
        _ = session.step(now: 0)
        device.deliveries = Array(repeating: .frame([1, 2, 3]), count: session.badFrameLimit)
        for tick in 1...session.badFrameLimit { _ = session.step(now: Double(tick) / 30) }
        XCTAssertEqual(device.closeCount, 1)
        XCTAssertEqual(session.phase, .waiting(until: 1 + 1))
        XCTAssertEqual(log.lines.filter { $0.contains("short frame") }.count, 1)
        XCTAssertEqual(mailbox.takeNewest()?[0, 0], 0xFF00_0000)
        _ = session.step(now: 2)
        XCTAssertEqual(device.openCount, 2)
    }

    func testStalledCameraIsRestarted() {
        let device = FakeCaptureDevice(openResults: [.success(yuyvFormat)])
        let session = session(device)
        _ = session.step(now: 0)
        _ = session.step(now: 4)
        XCTAssertEqual(session.phase, .streaming(yuyvFormat))
        _ = session.step(now: 6)
        XCTAssertEqual(device.closeCount, 1)
        XCTAssertTrue(log.lines.last?.contains("no frame for 6.0 s") ?? false)
    }

    func testWithoutADeviceTheFallbackAnimatesAtItsFrameRate() throws {
        let pattern = PatternSource(width: 4, height: 2, framesPerSecond: 10)
        let session = FeedSession(device: nil, fallback: pattern, mailbox: mailbox, settings: CameraSettings(),
                                  startTime: 100, log: { [log] in log.record($0) })
        XCTAssertEqual(session.step(now: 100), 0.1, accuracy: 1e-9)
        let first = try XCTUnwrap(mailbox.takeNewest())
        XCTAssertEqual(session.step(now: 100.05), 0.05, accuracy: 1e-9)
        XCTAssertNil(mailbox.takeNewest())
        _ = session.step(now: 100.1)
        let second = try XCTUnwrap(mailbox.takeNewest())
        XCTAssertGreaterThan(second.sequence, first.sequence)
        XCTAssertEqual(mailbox.status, "pattern 4x2")
        XCTAssertTrue(log.lines.isEmpty)
    }
}
