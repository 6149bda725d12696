import Foundation
import KioskTestFixtures
import KioskEngine
import KioskOptions
import XCTest
@testable import KioskCamera

/// `source = "video"` through the real GStreamer pipeline, on clips the tests make with
/// gst-launch-1.0 (videotestsrc, MJPEG in AVI). Real threads: every wait has a deadline.
final class VideoPipelineTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try makeTemporaryFolder()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A 60-frame 30 fps MJPEG AVI clip of videotestsrc's `pattern` (e.g. "red", "blue", "smpte").
    private func makeClip(_ name: String, pattern: String = "smpte", frames: Int = 60, width: Int = 160, height: Int = 120) throws -> String {
        let path = folder.appendingPathComponent(name).path
        let launch = Process()
        launch.executableURL = URL(fileURLWithPath: "/usr/bin/gst-launch-1.0")
        launch.arguments = ["-q", "videotestsrc", "pattern=\(pattern)", "num-buffers=\(frames)", "!",
                            "video/x-raw,width=\(width),height=\(height),framerate=30/1", "!", "jpegenc", "!", "avimux", "!",
                            "filesink", "location=\(path)"]
        try launch.run()
        launch.waitUntilExit()
        guard launch.terminationStatus == 0 else { throw XCTSkip("gst-launch-1.0 could not make a clip (install gstreamer1.0-plugins-good)") }
        return path
    }

    /// Pulls frames until `count` arrived or `seconds` passed; returns the centre pixel of each.
    private func centres(of device: VideoPipelineDevice, count: Int, seconds: Double = 10) throws -> [UInt32] {
        let converter = FrameConverter(source: device.path)
        let destination = PixelBuffer(width: 32, height: 24)
        var found: [UInt32] = []
        let deadline = Date().addingTimeInterval(seconds)
        while found.count < count && Date() < deadline {
            _ = try device.withNextFrame(timeout: 0.5) { frame throws(CameraError) in
                try converter.convert(frame, into: destination)
                found.append(destination[16, 12])
            }
        }
        return found
    }

    func testAClipPlaysAsI420AndLoopsAtItsEnd() throws {
        // 1.2 s: a clip shorter than a second is a still (below).
        let clip = try makeClip("clip.avi", frames: 36)
        let device = VideoPipelineDevice(path: clip)
        defer { device.close() }
        let format = try device.open()
        XCTAssertEqual(format.pixelFormat, .i420)
        XCTAssertEqual(format.width, 160)
        XCTAssertEqual(format.height, 120)
        // 36 frames a pass: eighty frames means the clip started over twice.
        let frames = try centres(of: device, count: 80)
        XCTAssertEqual(frames.count, 80, "the clip did not loop")
    }

    /// A one-frame clip, a half-second one and a PNG named .mp4 were reopened at every end of
    /// stream, 95-100 % of a core for ever (issue 40): each is a still once it has ended, and no
    /// frame comes after (a clip reopened would deliver its first frame again).
    func testAClipThatEndsBeforeItsFirstSecondIsAStill() throws {
        let png = folder.appendingPathComponent("picture.mp4").path
        let launch = Process()
        launch.executableURL = URL(fileURLWithPath: "/usr/bin/gst-launch-1.0")
        launch.arguments = ["-q", "videotestsrc", "num-buffers=1", "!", "video/x-raw,width=64,height=48", "!", "pngenc", "!",
                            "filesink", "location=\(png)"]
        try launch.run()
        launch.waitUntilExit()
        for clip in [try makeClip("one.avi", frames: 1), try makeClip("half.avi", frames: 15), png] {
            let device = VideoPipelineDevice(path: clip)
            defer { device.close() }
            _ = try device.open()
            var frames = 0
            let deadline = Date().addingTimeInterval(3)
            while !device.hasEnded && Date() < deadline {
                if try device.withNextFrame(timeout: 0.1, { _ in }) { frames += 1 }
            }
            XCTAssertTrue(device.hasEnded, "\(clip) is played again and again (\(frames) frames)")
            XCTAssertLessThanOrEqual(frames, 15, clip)
            XCTAssertFalse(try device.withNextFrame(timeout: 0.1, { _ in }), "\(clip): nothing after the still")
        }
    }

    /// An 8000x8000 clip ran at 577 MB under a 96M budget (issue 40): frames leave the pipeline at
    /// most at the size the box needs for its fit, never enlarged.
    func testFramesAreDecodedAtMostAtTheBoxSize() throws {
        let clip = try makeClip("clip.avi", frames: 5)
        let expected: [(ImageFit, PixelSize, PixelSize)] = [
            (.cover, PixelSize(width: 40, height: 20), PixelSize(width: 40, height: 30)),
            (.contain, PixelSize(width: 40, height: 20), PixelSize(width: 27, height: 20)),
            (.fill, PixelSize(width: 40, height: 20), PixelSize(width: 40, height: 20)),
            (.center, PixelSize(width: 40, height: 20), PixelSize(width: 40, height: 20)),
            (.cover, PixelSize(width: 640, height: 480), PixelSize(width: 160, height: 120)),
        ]
        for (fit, box, size) in expected {
            let device = VideoPipelineDevice(path: clip, box: box, fit: fit)
            defer { device.close() }
            let format = try device.open()
            XCTAssertEqual(PixelSize(width: format.width, height: format.height), size, "\(fit) in \(box)")
        }
    }

    /// A stream that accepts and never answers held a stopping feed for the first-frame wait (5 s).
    func testAFeedWaitingForAStalledStreamStopsAtOnce() throws {
        let server = try StalledServer()
        let settings = CameraSettings(source: .video, imagePath: "http://127.0.0.1:\(server.port)/clip.avi", fallback: .pattern)
        let lines = LockedLines()
        let feed = try XCTUnwrap(CameraFeedFactory.makeFeed(settings: settings, displayWidth: 32, displayHeight: 24,
                                                            log: { lines.append($0) })?.live)
        feed.start()
        XCTAssertTrue(server.waitForConnections(1, seconds: 5), "never connected")
        let asked = Date()
        XCTAssertTrue(feed.stop().wait(timeout: 3), "the capture thread never ended")
        XCTAssertLessThan(Date().timeIntervalSince(asked), 0.5, "the stop waited for the stream")
        XCTAssertEqual(lines.all, [], "a wait cut short by the stop is no fault to log")
    }

    func testAFolderPlaysItsClipsInNameOrder() throws {
        _ = try makeClip("b.avi", pattern: "blue", frames: 35)
        _ = try makeClip("a.avi", pattern: "red", frames: 35)
        let device = VideoPipelineDevice(path: folder.path)
        defer { device.close() }
        _ = try device.open()
        let frames = try centres(of: device, count: 80)
        XCTAssertEqual(frames.count, 80)
        let colours = frames.map { channels($0) }.map { $0.red > 200 && $0.blue < 60 ? "red" : $0.blue > 200 && $0.red < 60 ? "blue" : "?" }
        // Red (a.avi) first, then blue (b.avi), then red again.
        var runs: [String] = []
        for colour in colours where runs.last != colour { runs.append(colour) }
        XCTAssertEqual(Array(runs.prefix(3)), ["red", "blue", "red"], "\(colours)")
    }

    func testPackedFramesArriveAsTheyAreWithoutConversion() throws {
        let device = VideoPipelineDevice(description: "videotestsrc num-buffers=5 ! video/x-raw,format=YUY2,width=64,height=48,framerate=30/1 "
                                         + "! appsink name=sink")
        defer { device.close() }
        let format = try device.open()
        XCTAssertEqual(format.pixelFormat, .yuyv)
        XCTAssertEqual(format.bytesPerLine, 128)
        XCTAssertEqual(try centres(of: device, count: 3).count, 3)
    }

    func testAMissingFileIsReportedWithItsPath() {
        let missing = folder.appendingPathComponent("nowhere.mp4").path
        XCTAssertThrowsError(try VideoPipelineDevice(path: missing).open()) {
            XCTAssertEqual($0 as? CameraError, .videoFailed(path: missing, message: "no such file or folder"))
        }
    }

    /// GStreamer's error ends the wait at once; now and then decodebin's error never reaches the
    /// pipeline's bus, and the first-frame wait ends it instead ("no picture within 5 s").
    func testATruncatedFileIsReportedWithItsPath() throws {
        let clip = try makeClip("whole.avi")
        let truncated = folder.appendingPathComponent("truncated.avi").path
        let bytes = try Data(contentsOf: URL(fileURLWithPath: clip))
        try bytes.prefix(200).write(to: URL(fileURLWithPath: truncated))
        XCTAssertThrowsError(try VideoPipelineDevice(path: truncated).open()) { error in
            guard case let .videoFailed(path, message)? = error as? CameraError else { return XCTFail("got \(error)") }
            XCTAssertEqual(path, truncated)
            XCTAssertTrue(message.hasPrefix("GStreamer: ") || message.hasPrefix("no picture within"), message)
            XCTAssertFalse(message.contains("\n"), "one log line: \(message)")
        }
    }

    /// `render`, `simulate` and `demo` show the clip's first frame where the daemon plays it.
    func testTheTimedSourceIsTheFirstFrame() throws {
        let clip = try makeClip("red.avi", pattern: "red", frames: 5)
        let settings = CameraSettings(source: .video, imagePath: clip, fallback: .pattern)
        let source = try XCTUnwrap(CameraFeedFactory.makeTimedSource(settings: settings, displayWidth: 32, displayHeight: 24))
        let centre = channels(source.frame(at: 0)[16, 12])
        XCTAssertGreaterThan(centre.red, 230, "\(centre)")
        XCTAssertLessThan(centre.green, 30, "\(centre)")
        XCTAssertEqual(source.nextChange(after: 0), nil)
    }

    /// check-config's trial: a clip that plays passes, a truncated one gives the reason.
    func testTheProbeTellsAPlayableClipFromABrokenOne() throws {
        let clip = try makeClip("good.avi", frames: 5)
        XCTAssertNil(VideoProbe.problem(with: clip))
        let truncated = folder.appendingPathComponent("bad.avi").path
        try Data(contentsOf: URL(fileURLWithPath: clip)).prefix(200).write(to: URL(fileURLWithPath: truncated))
        XCTAssertNotNil(VideoProbe.problem(with: truncated))
    }

    /// An HTTP stream stopped mid-play: the fallback shows with one log line, and the clip plays
    /// again once the server is back.
    func testAStreamThatDropsShowsTheFallbackAndRecovers() throws {
        // Two seconds: a stream that ends within its first second is a failure (issue 40).
        _ = try makeClip("clip.avi", frames: 60)
        var server = try ClipServer(folder: folder.path)
        defer { server.stop() }
        let uri = "http://127.0.0.1:\(server.port)/clip.avi"
        let lines = LockedLines()
        var settings = CameraSettings(source: .video, imagePath: uri, fallback: .pattern)
        settings.retryInitialDelay = 0.2
        settings.retryMaximumDelay = 0.2
        let feed = try XCTUnwrap(CameraFeedFactory.makeFeed(settings: settings, displayWidth: 32, displayHeight: 24,
                                                            log: { lines.append($0) })?.live)
        feed.start()
        defer { _ = feed.stop().wait(timeout: 10) }
        func waitFor(_ condition: () -> Bool) -> Bool {
            var waiter = pollfd(fd: feed.readinessDescriptor, events: Int16(POLLIN), revents: 0)
            let deadline = Date().addingTimeInterval(15)
            while !condition() && Date() < deadline {
                if poll(&waiter, 1, 100) > 0 { _ = feed.takeNewestFrame() }
            }
            return condition()
        }
        func waitForStatus(_ text: String) -> Bool {
            waitFor { feed.status.contains(text) }
        }
        // Decoded at the display's size (the pipeline scales a 160x120 clip to 32x24).
        XCTAssertTrue(waitForStatus("32x24"), "never streamed: \(feed.status)")
        server.stop()
        XCTAssertTrue(waitForStatus("showing pattern"), "no fallback: \(feed.status)")
        server = try ClipServer(folder: folder.path, port: server.port)
        // The pipeline opens first; "recovered" is said with its first frame.
        XCTAssertTrue(waitFor { lines.all.contains { $0.contains("recovered") } }, "never recovered: \(feed.status)")
        let failures = lines.all.filter { $0.hasPrefix(uri) && $0.contains("GStreamer") }
        XCTAssertEqual(failures.count, 1, "\(lines.all)")
        XCTAssertEqual(lines.all.filter { $0.contains("recovered") }.count, 1, "\(lines.all)")
    }

    /// The whole feed: frames reach the mailbox; a missing file shows the fallback with one log line,
    /// and the clip plays once it appears.
    func testTheFeedShowsTheFallbackUntilTheFileAppears() throws {
        let clip = folder.appendingPathComponent("later.avi").path
        let lines = LockedLines()
        var settings = CameraSettings(source: .video, imagePath: clip, fallback: .pattern)
        settings.retryInitialDelay = 0.2
        settings.retryMaximumDelay = 0.2
        let feed = try XCTUnwrap(CameraFeedFactory.makeFeed(settings: settings, displayWidth: 32, displayHeight: 24,
                                                            log: { lines.append($0) })?.live)
        feed.start()
        defer { _ = feed.stop().wait(timeout: 10) }
        var waiter = pollfd(fd: feed.readinessDescriptor, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(poll(&waiter, 1, 10_000), 1, "no fallback frame")
        XCTAssertNotNil(feed.takeNewestFrame())
        let deadline = Date().addingTimeInterval(10)
        while !feed.status.contains("showing") && Date() < deadline { _ = poll(&waiter, 1, 100) }
        XCTAssertTrue(feed.status.contains("showing pattern"), feed.status)
        _ = try makeClip("made.avi")
        try FileManager.default.moveItem(atPath: folder.appendingPathComponent("made.avi").path, toPath: clip)
        while !feed.status.contains("YU12") && Date() < deadline { _ = poll(&waiter, 1, 100) }
        XCTAssertTrue(feed.status.contains("32x24 YU12"), feed.status)
        XCTAssertEqual(lines.all.filter { $0.contains("no such file or folder") }.count, 1, "\(lines.all)")
        // A video is played as it is: no camera size or format was asked for.
        // Decoded at the display's size: the pipeline scales the 160x120 clip.
        XCTAssertTrue(lines.all.contains { $0.hasSuffix("'GStreamer later.avi' streaming 32x24 YU12") }, "\(lines.all)")
        XCTAssertFalse(lines.all.contains { $0.contains("asked") }, "\(lines.all)")
    }
}

/// A Python HTTP server on 127.0.0.1 serving a folder, on a port it picks or the one given.
private final class ClipServer {
    let process = Process()
    let port: Int

    init(folder: String, port: Int = 0) throws {
        let script = """
        import http.server, socketserver, sys, os
        os.chdir(sys.argv[1])
        class Quiet(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *args): pass
        socketserver.TCPServer.allow_reuse_address = True
        server = socketserver.ThreadingTCPServer(("127.0.0.1", int(sys.argv[2])), Quiet)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, folder, String(port)]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // The first line is the port, printed once the socket listens.
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            line.append(byte)
        }
        guard let chosen = Int(String(decoding: line, as: UTF8.self)) else { throw XCTSkip("the HTTP server did not start") }
        self.port = chosen
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}

/// Log lines from the capture thread.
private final class LockedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}
