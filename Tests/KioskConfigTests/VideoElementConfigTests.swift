import Foundation
import KioskEngine
import KioskOptions
import XCTest
@testable import KioskConfig

/// `type = "video"` on a screen: `path` is required, `fit` takes the image's values, `loop`
/// defaults to true; `check-config` reports a missing file or folder at its line; the memory
/// estimate counts each element's frames.
final class VideoElementConfigTests: XCTestCase {
    private var written: [String] = []

    override func tearDown() {
        for path in written { try? FileManager.default.removeItem(atPath: path) }
    }

    private func screen(_ element: String) -> String {
        "[[screen]]\nname = \"a\"\n  [[screen.element]]\n  type = \"video\"\n  x = 10\n  y = 20\n  width = 320\n  height = 180\n" + element
    }

    func testTheKeysAndTheirDefaults() throws {
        let configuration = try XCTUnwrap(loadValid(screen("  path = \"/srv/clip.mp4\"\n")))
        XCTAssertEqual(configuration.screens[0].elements[0].kind, .video(VideoElement(path: "/srv/clip.mp4", fit: .contain, loop: true)))
        let set = try XCTUnwrap(loadValid(screen("  path = \"rtsp://127.0.0.1/lobby\"\n  fit = \"cover\"\n  loop = false\n")))
        XCTAssertEqual(set.screens[0].elements[0].kind, .video(VideoElement(path: "rtsp://127.0.0.1/lobby", fit: .cover, loop: false)))
    }

    func testAVideoElementNeedsAPathAndAKnownFit() {
        XCTAssertEqual(diagnostics(screen("")),
                       ["kiosk.toml:3:3: a video element needs 'path': a video file, a folder of videos or a stream URI"])
        let found = diagnostics(screen("  path = \"/srv/clip.mp4\"\n  fit = \"zoom\"\n"))
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertEqual(found, ["kiosk.toml:10:9: screen.element.fit: \"zoom\" is not one of \"fill\", \"contain\", \"cover\" or \"center\""])
    }

    func testCheckConfigReportsAMissingVideoAtItsLine() throws {
        let missing = "/nonexistent/swipe-kiosk/product.mp4"
        let path = try temporaryFile(screen("  path = \"\(missing)\"\n"))
        written.append(path)
        let check = ConfigurationCheck(path: path, probeVideo: { _ in nil })
        XCTAssertFalse(check.isValid)
        XCTAssertTrue(check.report.contains(":9:10: screen.element.path: \(missing): no such video file or folder; the element shows a black box until it appears"),
                      check.report)
    }

    func testCheckConfigReportsAVideoGStreamerCannotPlayAndLeavesStreamsAlone() throws {
        let folder = FileManager.default.temporaryDirectory.path
        let path = try temporaryFile(screen("  path = \"\(folder)\"\n") + "  [[screen.element]]\n  type = \"video\"\n  path = \"rtsp://127.0.0.1/x\"\n")
        written.append(path)
        var probed: [String] = []
        let check = ConfigurationCheck(path: path, probeVideo: { probed.append($0); return "GStreamer: Could not demultiplex stream." })
        XCTAssertEqual(probed, [folder], "a stream is not tried: the network may come later")
        XCTAssertTrue(check.report.contains(":9:10: screen.element.path: \(folder): GStreamer: Could not demultiplex stream.; the element shows a black box instead"),
                      check.report)
    }

    /// The keys a video element reads, from the loader's own "valid keys" list, so a key added
    /// later must be documented too.
    func testTheReferenceConfigDocumentsEveryVideoElementKey() throws {
        let found = diagnostics(screen("  path = \"/srv/clip.mp4\"\n  zzz = 1\n"))
        let message = try XCTUnwrap(found.first { $0.contains("unknown key 'zzz'") }, "\(found)")
        let list = try XCTUnwrap(message.range(of: "valid keys: "), message)
        let keys = message[list.upperBound...].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertTrue(keys.contains("path") && keys.contains("loop"), "\(keys)")
        let text = try String(contentsOfFile: repositoryConfigFile("kiosk.toml"), encoding: .utf8)
        // The commented-out video element: from its type line to the first blank line.
        let start = try XCTUnwrap(text.range(of: "  # type = \"video\""), "Config/kiosk.toml has a commented-out video element")
        let block = String(text[start.lowerBound...]).components(separatedBy: "\n\n")[0]
        for key in keys {
            XCTAssertTrue(block.contains("  # \(key) = "), "Config/kiosk.toml's video element documents '\(key)':\n\(block)")
        }
    }

    func testTheMemoryEstimateCountsEachVideoElementsFrames() throws {
        let one = try XCTUnwrap(loadValid(screen("  path = \"/srv/clip.mp4\"\n")))
        let estimate = MemoryEstimate(configuration: one, displaySize: PixelSize(width: 1280, height: 720)) { _ in nil }
        let part = try XCTUnwrap(estimate.parts.first { $0.name == "1 video element's frames" }, "\(estimate.parts)")
        // The feed's and the pipeline's frames at the box it is decoded to, and the decoder's (issue 40).
        XCTAssertEqual(part.bytes, (RuntimeMemory.feedFrames + RuntimeMemory.videoPipelineFrames) * 4 * 320 * 180
                       + RuntimeMemory.videoDecoderBytes)
        let two = try XCTUnwrap(loadValid(screen("  path = \"/srv/clip.mp4\"\n") + "  [[screen.element]]\n  type = \"video\"\n  path = \"/srv/b.mp4\"\n"))
        let both = MemoryEstimate(configuration: two, displaySize: PixelSize(width: 1280, height: 720)) { _ in nil }
        XCTAssertNotNil(both.parts.first { $0.name == "2 video elements' frames" }, "\(both.parts)")
    }
}
