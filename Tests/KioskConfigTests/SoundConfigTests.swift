import Foundation
import KioskEngine
import KioskOptions
import XCTest
@testable import KioskConfig

/// `[sound]` and a button's `sound`: defaults, the volume's range, relative paths from the
/// config's folder, `check-config`'s refusals at the key's line and column, and the memory the
/// decoded sounds take.
final class SoundConfigTests: XCTestCase {
    private var written: [String] = []

    override func tearDown() {
        for path in written { try? FileManager.default.removeItem(atPath: path) }
    }

    private let button = "[[screen]]\nname = \"a\"\n  [[screen.element]]\n  type = \"button\"\n  name = \"bell\"\n  action = \"signal\"\n"

    func testTheKeysAndTheirDefaults() throws {
        let plain = try XCTUnwrap(loadValid(""))
        XCTAssertEqual(plain.sound, SoundConfiguration())
        XCTAssertEqual(plain.sound.device, "default")
        XCTAssertEqual(plain.sound.volume, 1.0)
        XCTAssertTrue(plain.soundPaths.isEmpty)
        let set = try XCTUnwrap(loadValid("[sound]\ndevice = \"hw:1,0\"\nvolume = 0.8\ntap = \"/s/tap.wav\"\nswipe = \"/s/swipe.ogg\"\n"
                                          + button + "  sound = \"/s/ding.wav\"\n"))
        XCTAssertEqual(set.sound.device, "hw:1,0")
        XCTAssertEqual(set.sound.volume, 0.8)
        XCTAssertEqual(set.sound.tap, "/s/tap.wav")
        XCTAssertEqual(set.sound.swipe, "/s/swipe.ogg")
        guard case .button(let element) = set.screens[0].elements[0].kind else { return XCTFail("a button") }
        XCTAssertEqual(element.sound, "/s/ding.wav")
        XCTAssertEqual(set.soundPaths, ["/s/tap.wav", "/s/swipe.ogg", "/s/ding.wav"])
    }

    func testAVolumeOutside0To1IsRefusedAtItsLine() {
        let found = diagnostics("[sound]\nvolume = 1.5\n")
        XCTAssertEqual(found.count, 1, "\(found)")
        guard let message = found.first else { return }
        XCTAssertTrue(message.hasPrefix("kiosk.toml:2:10: "), message)
        XCTAssertTrue(message.contains("0...1") || message.contains("between 0"), message)
        XCTAssertEqual(diagnostics("[sound]\nvolume = -0.1\n").count, 1)
    }

    func testRelativePathsAreReadFromTheConfigFilesFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sound-config-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        written.append(folder.path)
        let path = folder.appendingPathComponent("kiosk.toml").path
        try "[sound]\ntap = \"sounds/tap.wav\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        let configuration = try ConfigurationLoader.load(path: path).get()
        XCTAssertEqual(configuration.sound.tap, folder.appendingPathComponent("sounds/tap.wav").path)
    }

    func testCheckConfigRefusesAMissingSoundAtItsKeysLineAndColumn() throws {
        let missing = "/nonexistent/swipe-kiosk/tap.wav"
        let path = try temporaryFile("[sound]\ntap = \"\(missing)\"\n" + button + "  sound = \"/nonexistent/ding.wav\"\n")
        written.append(path)
        let check = ConfigurationCheck(path: path)
        XCTAssertFalse(check.isValid)
        XCTAssertTrue(check.report.contains(":2:7: sound.tap: \(missing): no such sound file"), check.report)
        XCTAssertTrue(check.report.contains(":9:11: screen.element.sound: /nonexistent/ding.wav: no such sound file"), check.report)
    }

    func testCheckConfigRefusesAnUnreadableSoundOrAFolder() throws {
        let sound = try temporaryFile("RIFF")
        written.append(sound)
        chmod(sound, 0)
        let folder = FileManager.default.temporaryDirectory.path
        let path = try temporaryFile("[sound]\ntap = \"\(sound)\"\nswipe = \"\(folder)\"\n")
        written.append(path)
        let report = ConfigurationCheck(path: path).report
        // Root reads any file: the permission refusal is seen only as another user.
        if getuid() != 0 { XCTAssertTrue(report.contains(":2:7: sound.tap: \(sound): the sound file cannot be read"), report) }
        XCTAssertTrue(report.contains(":3:9: sound.swipe: \(folder): a folder, not a sound file"), report)
    }

    func testDeepCheckRefusesASoundItCannotDecode() throws {
        let sound = try temporaryFile("not a sound")
        written.append(sound)
        let path = try temporaryFile("[sound]\ntap = \"\(sound)\"\n")
        written.append(path)
        XCTAssertTrue(ConfigurationCheck(path: path).isValid, "without --deep the file is only opened")
        var decoded: [String] = []
        let deep = ConfigurationCheck(path: path, decodeSound: { decoded.append($0); return "Could not determine type of stream." })
        XCTAssertEqual(decoded, [sound])
        XCTAssertTrue(deep.report.contains(":2:7: sound.tap: \(sound): GStreamer cannot decode it: Could not determine type of stream."),
                      deep.report)
    }

    func testTheMemoryEstimateCountsDecodedSounds() throws {
        let configuration = try XCTUnwrap(loadValid("[sound]\ntap = \"/s/tap.wav\"\nswipe = \"/s/long.ogg\"\n"))
        let estimate = MemoryEstimate(configuration: configuration, displaySize: PixelSize(width: 1280, height: 720),
                                      pictureSize: { _ in nil }, soundBytes: { $0 == "/s/tap.wav" ? 48_000 : 1_000_000 })
        let part = try XCTUnwrap(estimate.parts.first { $0.name == "2 decoded sounds" }, "\(estimate.parts)")
        XCTAssertEqual(part.bytes, 1_048_000)
        // From the file's size, at most 30 s.
        let small = try temporaryFile(String(repeating: "x", count: 1000))
        written.append(small)
        XCTAssertEqual(MemoryEstimate.soundEstimate(small), 1000 * RuntimeMemory.soundExpansion)
        XCTAssertEqual(MemoryEstimate.soundEstimate("/nonexistent.wav"), 0)
        let huge = try temporaryFile(String(repeating: "x", count: 1_000_000))
        written.append(huge)
        XCTAssertEqual(MemoryEstimate.soundEstimate(huge), RuntimeMemory.soundMaximumBytes)
    }
}
