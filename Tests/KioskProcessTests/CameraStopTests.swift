import Foundation
import KioskCamera
import KioskConfig
import KioskEngine
import Logging
import Synchronization
@testable import KioskRuntime
import XCTest

/// The event loop never waits for a camera: a panel going dark (or a reload) stops the feed while
/// the device takes its time to close, and the loop's longest turn across that stop is measured.
/// Real threads and an epoll loop, so each wait below is for an event, with a deadline.
final class CameraStopTests: XCTestCase {
    /// One frame of the 30 fps feeds below. A stop that waits for the capture thread takes a quarter
    /// second to 3 s; the turns measured here take about 1 ms, but on the shared 2-core machine the
    /// loop's thread is sometimes preempted for over 16 ms, so a 60 Hz frame would be a flaky bound.
    static let oneFrame = Duration.milliseconds(33)

    /// A camera whose close blocks until the test lets it go, as a USB camera's STREAMOFF can.
    private final class SlowClosingDevice: CaptureDevice, @unchecked Sendable {
        let path = "/dev/video-slow"
        let opened = DispatchSemaphore(value: 0)
        let closing = DispatchSemaphore(value: 0)
        let mayClose = DispatchSemaphore(value: 0)
        private let frame = [UInt8](repeating: 128, count: 8 * 4 * 2)
        private var isOpen = false

        func open() throws(CameraError) -> CaptureFormat {
            isOpen = true
            opened.signal()
            return CaptureFormat(width: 8, height: 4, pixelFormat: .yuyv, bytesPerLine: 16)
        }

        func withNextFrame(timeout: Double, _ body: (CapturedFrame) throws(CameraError) -> Void) throws(CameraError) -> Bool {
            // About 30 frames a second.
            Thread.sleep(forTimeInterval: min(timeout, 0.033))
            let failure: CameraError? = frame.withUnsafeBytes { bytes in
                do throws(CameraError) {
                    try body(CapturedFrame(pixelFormat: .yuyv, width: 8, height: 4, bytesPerLine: 16, bytes: bytes))
                    return nil
                } catch {
                    return error
                }
            }
            if let failure { throw failure }
            return true
        }

        func close() {
            guard isOpen else { return }
            isOpen = false
            closing.signal()
            mayClose.wait()
        }
    }

    func testPausingAndResumingTheCameraNeverBlocksTheLoop() throws {
        let devices = [SlowClosingDevice(), SlowClosingDevice()]
        let made = Mutex(0)
        let loop = try EventLoop()
        var configuration = CameraConfiguration()
        configuration.source = .v4l2
        let background = CameraBackground(
            factory: { configuration, size in
                .live(LiveFeed(settings: configuration.cameraSettings, displayWidth: Int(size.width), displayHeight: Int(size.height),
                               fallback: .black, makeDevice: { devices[made.withLock { count in defer { count += 1 }; return count }] },
                               log: { _ in }))
            },
            loop: loop, clock: MonotonicDaemonClock(loop: loop), logger: Logger(label: "test"), sceneSize: Size(width: 32, height: 16))
        var frames = 0
        background.onFrame = { frames += 1 }
        background.start(configuration)
        XCTAssertEqual(devices[0].opened.wait(timeout: .now() + 5), .success)

        var longestTurn = Duration.zero
        let clock = ContinuousClock()
        func turn(_ work: () throws -> Void) rethrows {
            let began = clock.now
            try work()
            longestTurn = max(longestTurn, clock.now - began)
        }
        // Turns that do not wait for events, so each measures only the loop's own work.
        let deadline = clock.now + .seconds(5)
        while frames < 3 && clock.now < deadline {
            try turn { _ = try loop.runOnce(timeoutMilliseconds: 0) }
        }
        XCTAssertGreaterThanOrEqual(frames, 3, "camera frames reach the loop")

        // The panel goes dark: the feed stops while its device is still closing.
        try turn { background.pause() }
        XCTAssertEqual(devices[0].closing.wait(timeout: .now() + 5), .success, "the capture thread closes the device")
        // ... and wakes: the new feed's thread waits for the old close, the loop does not.
        try turn { background.resume() }
        for _ in 0..<1000 {
            try turn { _ = try loop.runOnce(timeoutMilliseconds: 0) }
        }
        XCTAssertEqual(devices[1].opened.wait(timeout: .now() + 0.1), .timedOut, "opened before the old device was released")
        devices[0].mayClose.signal()
        XCTAssertEqual(devices[1].opened.wait(timeout: .now() + 5), .success, "opened once the old device was released")

        XCTAssertLessThan(longestTurn, Self.oneFrame, "longest loop turn across the stop")
        background.stop()
        devices[1].mayClose.signal()
    }

    /// A video background playing through GStreamer: a dark panel and a reload of `[camera]` stop
    /// and restart its pipeline while the loop's turns stay short.
    func testADarkPanelAndAReloadWhileAVideoPlaysNeverBlockTheLoop() throws {
        let clip = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-stop-\(UUID().uuidString).avi").path
        defer { try? FileManager.default.removeItem(atPath: clip) }
        let launch = Process()
        launch.executableURL = URL(fileURLWithPath: "/usr/bin/gst-launch-1.0")
        launch.arguments = ["-q", "videotestsrc", "num-buffers=30", "!", "video/x-raw,width=640,height=360,framerate=30/1", "!",
                            "jpegenc", "!", "avimux", "!", "filesink", "location=\(clip)"]
        try launch.run()
        launch.waitUntilExit()
        guard launch.terminationStatus == 0 else { throw XCTSkip("gst-launch-1.0 could not make a clip (install gstreamer1.0-plugins-good)") }

        let loop = try EventLoop()
        var configuration = CameraConfiguration()
        configuration.source = .video
        configuration.path = clip
        let background = CameraBackground(
            factory: { configuration, size in
                try CameraFeedFactory.makeFeed(settings: configuration.cameraSettings, displayWidth: Int(size.width),
                                               displayHeight: Int(size.height), log: { _ in })
            },
            loop: loop, clock: MonotonicDaemonClock(loop: loop), logger: Logger(label: "test"), sceneSize: Size(width: 320, height: 180))
        var frames = 0
        background.onFrame = { frames += 1 }
        var longestTurn = Duration.zero
        let clock = ContinuousClock()
        func turn(_ work: () throws -> Void) rethrows {
            let began = clock.now
            try work()
            longestTurn = max(longestTurn, clock.now - began)
        }
        // Turns that do not wait for events, so each measures only the loop's own work.
        func runUntil(frames wanted: Int) throws {
            let deadline = clock.now + .seconds(10)
            while frames < wanted && clock.now < deadline {
                try turn { _ = try loop.runOnce(timeoutMilliseconds: 0) }
            }
            XCTAssertGreaterThanOrEqual(frames, wanted, "video frames reach the loop")
        }
        try turn { background.start(configuration) }
        try runUntil(frames: 5)
        try turn { background.pause() }
        try turn { background.resume() }
        try runUntil(frames: 10)
        // A reload that changes [camera]: the old pipeline stops, a new one starts.
        try turn {
            background.stop()
            background.start(configuration)
        }
        try runUntil(frames: 15)
        XCTAssertLessThan(longestTurn, Self.oneFrame, "longest loop turn while the video stopped and started")
        background.stop()
    }
}
