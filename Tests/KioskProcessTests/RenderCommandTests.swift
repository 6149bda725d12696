import Foundation
import KioskCompositor
import KioskEngine
import KioskProcessSupport
import XCTest

/// `swipe-kiosk render` as an integrator runs it: the real binary, PNG files read back pixel by pixel.
final class RenderCommandTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("render-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Two plain screens; "marked" has a white 40x20 block in its top-left corner to show which way is up.
    private static let config = """
        [display]
        size = "200x100"
        [camera]
        source = "none"
        [indicator]
        enabled = false
        [[screen]]
        name = "red"
        background = "#d01010"
        [[screen]]
        name = "marked"
        background = "#1010d0"
          [[screen.element]]
          type = "color"
          x = 0
          y = 0
          width = 40
          height = 20
          color = "#ffffff"
        """


    private func writeConfig(_ text: String = config) throws -> String {
        let path = directory.appendingPathComponent("kiosk.toml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Runs the binary; returns its exit status and standard error.
    private func render(_ arguments: [String]) throws -> (status: Int32, errors: String) {
        let process = Process()
        process.executableURL = BuiltBinary.url
        process.arguments = ["render"] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    private func pixel(_ buffer: PixelBuffer, _ x: Int, _ y: Int) -> UInt32 {
        buffer.pixels[y * buffer.rowLength + x] & 0x00FF_FFFF
    }

    func testEveryScreenGoesToItsOwnFileInTheFolder() throws {
        let out = directory.appendingPathComponent("shots").path
        let result = try render(["--config", try writeConfig(), "--out", out])
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out).sorted(), ["marked.png", "red.png"])
        let red = try ImageDecoder.decode(contentsOf: out + "/red.png")
        XCTAssertEqual([red.width, red.height], [200, 100])
        XCTAssertEqual(pixel(red, 100, 50), 0xD0_10_10)
        XCTAssertEqual(pixel(red, 5, 5), 0xD0_10_10)
        let marked = try ImageDecoder.decode(contentsOf: out + "/marked.png")
        XCTAssertEqual(pixel(marked, 100, 50), 0x10_10_D0)
        XCTAssertEqual(pixel(marked, 5, 5), 0xFF_FF_FF)
        XCTAssertEqual(pixel(marked, 45, 5), 0x10_10_D0)
    }

    func testOneScreenGoesToTheFileNamedByOut() throws {
        let out = directory.appendingPathComponent("one.png").path
        let result = try render(["--config", try writeConfig(), "--screen", "marked", "--size", "120x80", "--out", out])
        XCTAssertEqual(result.status, 0, result.errors)
        let marked = try ImageDecoder.decode(contentsOf: out)
        XCTAssertEqual([marked.width, marked.height], [120, 80])
        XCTAssertEqual(pixel(marked, 5, 5), 0xFF_FF_FF)
        XCTAssertEqual(pixel(marked, 110, 70), 0x10_10_D0)
    }

    /// At 90 degrees the panel is 200x100 but the screen is laid out 100x200 and turned clockwise,
    /// so its top-left corner lands at the panel's top-right of the scanned-out buffer.
    func testRotationTurnsTheScreenClockwiseOntoThePanel() throws {
        let out = directory.appendingPathComponent("turned.png").path
        let result = try render(["--config", try writeConfig(), "--screen", "marked", "--rotation", "90", "--scanout", "--out", out])
        XCTAssertEqual(result.status, 0, result.errors)
        let turned = try ImageDecoder.decode(contentsOf: out)
        XCTAssertEqual([turned.width, turned.height], [200, 100])
        // The 40x20 block becomes 20 wide and 40 tall at the right edge.
        XCTAssertEqual(pixel(turned, 195, 5), 0xFF_FF_FF)
        XCTAssertEqual(pixel(turned, 185, 35), 0xFF_FF_FF)
        XCTAssertEqual(pixel(turned, 175, 5), 0x10_10_D0)
        XCTAssertEqual(pixel(turned, 5, 5), 0x10_10_D0)
    }

    func testAConfigWithErrorsExitsNonZeroListingThemWithTheirPositions() throws {
        let path = try writeConfig(Self.config.replacingOccurrences(of: "size = \"200x100\"", with: "size = \"200x100\"\nrotation = 45"))
        let out = directory.appendingPathComponent("none").path
        let result = try render(["--config", path, "--out", out])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.errors.contains("\(path):3:12: display.rotation: 45 is not one of 0, 90, 180 or 270"), result.errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }

    func testAnUnknownScreenNamesTheScreensThereAre() throws {
        let result = try render(["--config", try writeConfig(), "--screen", "blue", "--out", directory.appendingPathComponent("x.png").path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.errors.contains("no screen named \"blue\"; the config has: red, marked"), result.errors)
    }

    func testSwipeWritesTheTransitionFramesAndAnAnimatedPreview() throws {
        let out = directory.appendingPathComponent("swipe").path
        let result = try render(["--config", try writeConfig(), "--swipe", "red:marked", "--out", out])
        XCTAssertEqual(result.status, 0, result.errors)
        let frames = try FileManager.default.contentsOfDirectory(atPath: out + "/frames").sorted()
        XCTAssertGreaterThan(frames.count, 5)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out + "/preview.gif"))
        let first = try ImageDecoder.decode(contentsOf: out + "/frames/" + frames.first!)
        let last = try ImageDecoder.decode(contentsOf: out + "/frames/" + frames.last!)
        XCTAssertEqual(pixel(first, 100, 50), 0xD0_10_10)
        XCTAssertEqual(pixel(last, 100, 50), 0x10_10_D0)
        XCTAssertEqual(pixel(last, 5, 5), 0xFF_FF_FF)
    }

    /// Without --scanout a rotated panel's picture is upright, as someone at the panel sees it.
    func testARotatedRenderIsUprightByDefault() throws {
        let out = directory.appendingPathComponent("upright.png").path
        let result = try render(["--config", try writeConfig(), "--screen", "marked", "--rotation", "90", "--out", out])
        XCTAssertEqual(result.status, 0, result.errors)
        let upright = try ImageDecoder.decode(contentsOf: out)
        XCTAssertEqual([upright.width, upright.height], [100, 200])
        XCTAssertEqual(pixel(upright, 5, 5), 0xFF_FF_FF, "the block stays at the top left")
        XCTAssertEqual(pixel(upright, 35, 15), 0xFF_FF_FF)
        XCTAssertEqual(pixel(upright, 45, 5), 0x10_10_D0)
        XCTAssertEqual(pixel(upright, 5, 25), 0x10_10_D0)
    }

    /// A picture whose header reads but whose pixels do not: `check-config` passes its header,
    /// `check-config --deep` and `render` name the file and why, and exit non-zero.
    func testAnUndecodablePictureFailsRenderAndDeepCheckNamingTheFile() throws {
        let picture = directory.appendingPathComponent("logo.png").path
        let good = PixelBuffer(width: 8, height: 8)
        good.fill(0xFF20_8040)
        try PNGWriter.write(good, to: picture)
        var bytes = try XCTUnwrap(FileManager.default.contents(atPath: picture)).map { $0 }
        bytes[bytes.count - 20] ^= 0x55  // inside the IDAT, before IEND: its CRC no longer holds
        try Data(bytes).write(to: URL(fileURLWithPath: picture))
        let config = try writeConfig(Self.config + """

              [[screen.element]]
              type = "image"
              x = 50
              y = 20
              width = 40
              height = 40
              path = "\(picture)"
            """)
        let rendered = try render(["--config", config, "--screen", "marked", "--out", directory.appendingPathComponent("m.png").path])
        XCTAssertNotEqual(rendered.status, 0)
        XCTAssertTrue(rendered.errors.contains("\(picture): corrupt PNG: the \"IDAT\" chunk"), rendered.errors)

        XCTAssertEqual(try Command.run(BuiltBinary.url.path, ["check-config", config]).status, 0, "the header is sound")
        let deep = try Command.run(BuiltBinary.url.path, ["check-config", "--deep", config])
        XCTAssertEqual(deep.status, 1)
        XCTAssertTrue(deep.output.contains("screen.element.path: \(picture): corrupt PNG: the \"IDAT\" chunk"), deep.output)

        try FileManager.default.removeItem(atPath: picture)
        let missing = try Command.run(BuiltBinary.url.path, ["check-config", config])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.output.contains("\(picture): no such file"), missing.output)
        let renderedMissing = try render(["--config", config, "--screen", "marked", "--out", directory.appendingPathComponent("m.png").path])
        XCTAssertNotEqual(renderedMissing.status, 0)
        XCTAssertTrue(renderedMissing.errors.contains(picture), renderedMissing.errors)
    }
}
