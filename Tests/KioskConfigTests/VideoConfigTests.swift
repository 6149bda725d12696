import Foundation
import Glibc
import XCTest
@testable import KioskConfig

/// `[camera] source = "video"`: `path` is required, `check-config` reports a missing file or folder
/// (a stream URI is left to run time), and the image fallback, whose picture `path` would name, is refused.
final class VideoConfigTests: XCTestCase {
    private var written: [String] = []

    override func tearDown() {
        for path in written { try? FileManager.default.removeItem(atPath: path) }
    }

    private func check(_ text: String, probe: @escaping (String) -> String? = { _ in nil }) throws -> ConfigurationCheck {
        let path = try temporaryFile(text)
        written.append(path)
        return ConfigurationCheck(path: path, probeVideo: probe)
    }

    func testAVideoSourceNeedsAPath() {
        XCTAssertEqual(diagnostics("[camera]\nsource = \"video\"\n"),
                       ["kiosk.toml:2:1: [camera] source = \"video\" needs 'path': a video file, a folder of clips or a stream URI"])
    }

    func testCheckConfigReportsAMissingVideoFile() throws {
        let missing = "/nonexistent/swipe-kiosk/clip.mp4"
        let result = try check("[camera]\nsource = \"video\"\npath = \"\(missing)\"\n")
        XCTAssertFalse(result.isValid)
        XCTAssertTrue(result.report.hasSuffix(":3:8: camera.path: \(missing): no such video file or folder; the daemon shows the fallback until it appears"),
                      result.report)
    }

    func testCheckConfigReportsAFileGStreamerCannotPlay() throws {
        let folder = FileManager.default.temporaryDirectory.path
        var probed: [String] = []
        let result = try check("[camera]\nsource = \"video\"\npath = \"\(folder)\"\n") { path in
            probed.append(path)
            return "GStreamer: Could not demultiplex stream."
        }
        XCTAssertEqual(probed, [folder])
        XCTAssertTrue(result.report.hasSuffix(":3:8: camera.path: \(folder): GStreamer: Could not demultiplex stream.; the daemon shows the fallback instead"),
                      result.report)
        // A stream is not tried: the network may come later.
        XCTAssertTrue(try check("[camera]\nsource = \"video\"\npath = \"rtsp://127.0.0.1/x\"\n") { _ in "unreachable" }.isValid)
    }

    func testCheckConfigAcceptsAnExistingFolderAndAStreamURI() throws {
        let folder = FileManager.default.temporaryDirectory.path
        XCTAssertTrue(try check("[camera]\nsource = \"video\"\npath = \"\(folder)\"\n").isValid)
        let stream = try check("[camera]\nsource = \"video\"\npath = \"rtsp://127.0.0.1:8554/lobby\"\n")
        XCTAssertTrue(stream.isValid, stream.report)
        XCTAssertTrue(stream.report.contains("camera video rtsp://127.0.0.1:8554/lobby"), stream.report)
    }

    /// A FIFO made check-config hang (issue 40): it, a device, a file:// URI to either and an
    /// unknown scheme are refused at the key's line, and nothing is opened (the probe is not called).
    func testAFIFOADeviceAndAnUnknownSchemeAreRefusedWithoutBeingOpened() throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-kiosk-fifo-\(getpid()).mp4").path
        unlink(fifo)
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        written.append(fifo)
        let cases = [
            (fifo, "a FIFO (named pipe), not a regular file; name a video file, a folder of them or a stream URI; the daemon shows the fallback instead"),
            ("/dev/zero", "a character device, not a regular file; name a video file, a folder of them or a stream URI; the daemon shows the fallback instead"),
            ("file://\(fifo)", "a FIFO (named pipe), not a regular file; name a video file, a folder of them or a stream URI; the daemon shows the fallback instead"),
            ("udp://127.0.0.1:5000", "the scheme \"udp\" is not one a video plays from; use http://, https://, rtsp:// or file://; the daemon shows the fallback instead"),
        ]
        for (path, message) in cases {
            var probed: [String] = []
            let result = try check("[camera]\nsource = \"video\"\npath = \"\(path)\"\n") { probed.append($0); return nil }
            XCTAssertFalse(result.isValid, path)
            XCTAssertTrue(result.report.hasSuffix(":3:8: camera.path: \(path): \(message)"), result.report)
            XCTAssertEqual(probed, [], "\(path) is not opened")
        }
        let clip = try temporaryFile("not really a clip")
        written.append(clip)
        var probed: [String] = []
        XCTAssertTrue(try check("[camera]\nsource = \"video\"\npath = \"file://\(clip)\"\n") { probed.append($0); return nil }.isValid)
        XCTAssertEqual(probed, ["file://\(clip)"], "a file:// URI to a regular file is tried as a file is")
    }

    func testTheImageFallbackIsRefusedForVideo() {
        XCTAssertEqual(diagnostics("[camera]\nsource = \"video\"\npath = \"/srv/clip.mp4\"\nfallback = \"image\"\n"),
                       ["kiosk.toml:4:12: camera.fallback: \"image\" cannot be used with source = \"video\" ('path' names the video); use \"pattern\" or \"none\""])
    }
}
