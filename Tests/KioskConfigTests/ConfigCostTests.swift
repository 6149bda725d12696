import Foundation
import Glibc
import KioskOptions
import KioskTestFixtures
import XCTest
@testable import KioskConfig

/// `check-config` knows what a config costs: screens, display and element sizes are bounded,
/// and the memory the config needs at the display's size is held to `[limits] memory`.
final class ConfigCostTests: XCTestCase {
    private var paths: [String] = []

    override func tearDown() {
        for path in paths { unlink(path) }
        paths = []
        super.tearDown()
    }

    private static let headless = "[display]\nbackend = \"headless\"\nsize = \"1280x800\"\n[camera]\nsource = \"none\"\n"

    /// 5,000 screens, each a plain colour: 1.3 GB and a SIGABRT in the issue's probe.
    static func colouredScreens(_ count: Int) -> String {
        headless + (0..<count).map { "[[screen]]\nname = \"s\($0)\"\nbackground = \"#\(String(format: "%02x", $0 % 256))3050\"\n" }.joined()
    }

    /// One screen with `count` colour elements of `side`x`side` pixels.
    static func squares(_ count: Int, side: Int, display: String = "1280x800", limits: String = "") -> String {
        headless.replacingOccurrences(of: "1280x800", with: display) + limits + "[[screen]]\nname = \"big\"\n"
            + String(repeating: "[[screen.element]]\ntype = \"color\"\ncolor = \"#ff0000\"\nwidth = \(side)\nheight = \(side)\n", count: count)
    }

    private func check(_ text: String) throws -> ConfigurationCheck {
        let path = try temporaryFile(text)
        paths.append(path)
        return ConfigurationCheck(path: path)
    }

    func testFiveThousandColouredScreensAreRefusedAtTheFirstScreenPastTheLimit() throws {
        let found = diagnostics(Self.colouredScreens(5000))
        XCTAssertEqual(found.count, 1, "\(found)")
        // Screen 1001 starts on line 5 + 3 * 1000 + 1.
        XCTAssertTrue(found.first?.hasPrefix("kiosk.toml:3006:1: screen 1001 is more than the 1000 screens a kiosk may have") ?? false, "\(found)")
        XCTAssertNotNil(loadValid(Self.colouredScreens(1000)), "the limit itself is allowed")
        XCTAssertFalse(try check(Self.colouredScreens(5000)).isValid)
    }

    /// An 8192x8192 second output ran at 287 MB under 64M (issue 40): every output's frame,
    /// buffers and surfaces are counted, at its own size.
    func testEveryOutputIsCountedAtItsOwnSize() throws {
        let outputs = Self.headless + "[limits]\nmemory = \"64M\"\n[[display.output]]\nconnector = \"A\"\nsize = \"320x200\"\n"
            + "[[display.output]]\nconnector = \"B\"\nsize = \"8192x8192\"\n[[screen]]\nname = \"a\"\n"
        let configuration = try XCTUnwrap(try? ConfigurationLoader.parse(outputs, fileName: "kiosk.toml").get())
        let estimate = MemoryEstimate(configuration: configuration, displaySize: PixelSize(width: 320, height: 200)) { _ in nil }
        let part = try XCTUnwrap(estimate.parts.first { $0.name == "output B at 8192x8192" }, "\(estimate.parts)")
        XCTAssertEqual(part.bytes, 4 * 8192 * 8192, "its composed frame (headless: no display buffers; a colour screen: no surface)")
        let report = try check(outputs).report
        XCTAssertTrue(report.contains("output B at 8192x8192 256 MiB"), report)
        XCTAssertTrue(report.contains("more than its memory budget of 64 MiB ([limits] memory)"), report)
    }

    func testEightElementsOf16384PixelsAreRefusedEachAtItsWidth() throws {
        let found = diagnostics(Self.squares(8, side: 16384))
        XCTAssertEqual(found.count, 8, "\(found)")
        XCTAssertEqual(found.first, "kiosk.toml:11:9: the element is 16384x16384 pixels; each side may be at most 8192 (its surface alone would take 1 GiB)")
        let report = try check(Self.squares(8, side: 16384)).report
        XCTAssertTrue(report.contains("each side may be at most 8192"), report)
    }

    func testA16384PixelDisplayIsRefusedAtItsSize() throws {
        let text = Self.headless.replacingOccurrences(of: "1280x800", with: "16384x16384")
        XCTAssertEqual(diagnostics(text), ["kiosk.toml:3:8: [display] size 16384x16384 is larger than the 8192x8192 the kiosk can draw (one frame would take 1 GiB); use the panel's size"])
        let mode = "[display]\nbackend = \"drm\"\nmode = \"16384x8192@60\"\n"
        XCTAssertTrue(diagnostics(mode).first?.hasPrefix("kiosk.toml:3:8: [display] mode 16384x8192 is larger than") ?? false, "\(diagnostics(mode))")
        XCTAssertFalse(try check(text).isValid)
    }

    func testAConfigOverItsMemoryBudgetIsRefusedWithTheEstimateAndItsParts() throws {
        // Eight 4096x4096 squares on one screen: 512 MiB of surfaces the frame on show keeps.
        let report = try check(Self.squares(8, side: 4096, limits: "[limits]\nmemory = \"256M\"\n")).report
        XCTAssertTrue(report.contains("this config needs about 560 MiB at 1280x800: the surfaces of the screens in reach 512 MiB, the program 44 MiB"), report)
        XCTAssertTrue(report.contains("more than its memory budget of 256 MiB ([limits] memory)"), report)
        XCTAssertTrue(report.contains("or raise [limits] memory"), report)
        XCTAssertTrue(try check(Self.squares(8, side: 4096, limits: "[limits]\nmemory = \"1G\"\n")).isValid)
    }

    func testTheEstimateCountsFrameDisplayCameraAndTheLargerOfTheScreensOnShowAndTheCache() {
        var configuration = KioskConfiguration()
        configuration.display.backend = .drm
        configuration.display.buffers = 3
        configuration.camera.source = .pattern
        let frame = 4 * 1920 * 1080
        let estimate = MemoryEstimate(configuration: configuration, displaySize: PixelSize(width: 1920, height: 1080)) { _ in nil }
        let parts = Dictionary(uniqueKeysWithValues: estimate.parts.map { ($0.name, $0.bytes) })
        XCTAssertEqual(parts["the composed frame"], frame)
        XCTAssertEqual(parts["the display's 3 buffers"], 3 * frame)
        XCTAssertEqual(parts["the camera's frames and blur"], 3 * frame + frame / 64)
        XCTAssertEqual(parts["the surfaces of the screens in reach"], 0, "a screen without elements draws no surface")

        // Forty full-screen cards: the cache keeps 96 MiB of them, the two on show whatever they take.
        let card = ElementConfiguration(frame: ElementFrame(), kind: .card(CardElement()))
        configuration.screens = (0..<40).map { ScreenConfiguration(name: "s\($0)", elements: [card]) }
        let many = MemoryEstimate(configuration: configuration, displaySize: PixelSize(width: 1920, height: 1080)) { _ in nil }
        XCTAssertEqual(many.parts.first { $0.name == "the surfaces of the screens in reach" }?.bytes, 96 << 20)
        let image = ElementConfiguration(frame: ElementFrame(), kind: .image(ImageElement(path: "/big.png")))
        configuration.screens = [ScreenConfiguration(name: "p", elements: [image])]
        let picture = MemoryEstimate(configuration: configuration, displaySize: PixelSize(width: 1920, height: 1080)) { _ in
            PixelSize(width: 6000, height: 4000)
        }
        XCTAssertEqual(picture.parts.first { $0.name == "the largest picture decoded" }?.bytes, 4 * 6000 * 4000)
    }

    func testLimitsMemoryTakesSizesWithUnitsAndRefusesOthers() {
        XCTAssertEqual(loadValid("[limits]\nmemory = \"256M\"\n")?.limits.memoryBytes, 256 << 20)
        XCTAssertEqual(loadValid("[limits]\nmemory = \"1.5G\"\n")?.limits.memoryBytes, 3 << 29)
        XCTAssertEqual(loadValid("[limits]\nmemory = \"65536k\"\n")?.limits.memoryBytes, 64 << 20)
        XCTAssertNil(loadValid("")?.limits.memoryBytes)
        for bad in ["\"12X\"", "\"1M\"", "\"-5G\"", "\"G\"", "512"] {
            let found = diagnostics("[limits]\nmemory = \(bad)\n")
            XCTAssertEqual(found.count, 1, "\(bad): \(found)")
            XCTAssertTrue(found.first?.contains("a size such as \"256M\"") ?? false, "\(bad): \(found)")
        }
    }

    func testTheDefaultBudgetIsHalfOfMemTotal() throws {
        let meminfo = try temporaryFile("MemTotal:        2048000 kB\nMemFree:          100 kB\n")
        paths.append(meminfo)
        let machine = try XCTUnwrap(MemoryBudget.machineBytes(meminfo: meminfo))
        XCTAssertEqual(machine, 2_048_000 * 1024)
        let budget = MemoryBudget(LimitsConfiguration(), machineBytes: machine)
        XCTAssertEqual(budget.bytes, 1_024_000 * 1024)
        XCTAssertFalse(budget.isConfigured)
        XCTAssertEqual(MemoryBudget(LimitsConfiguration(memoryBytes: 64 << 20), machineBytes: machine).bytes, 64 << 20)
        let problem = budget.problem(with: try XCTUnwrap(loadValid(Self.squares(8, side: 8192))),
                                     displaySize: PixelSize(width: 1280, height: 800)) { _ in nil }
        XCTAssertTrue(problem?.contains("half the machine's RAM; set [limits] memory to change it") ?? false, problem ?? "nil")
    }

    func testAMegabyteKeyOrNameIsShortenedInItsMessage() {
        // Half a megabyte: a whole one would pass the config's own size limit.
        let long = String(repeating: "k", count: 1 << 19)
        let key = diagnostics("[display]\n\(long) = 1\n")
        // The "did you mean" search compared it with every key letter by letter: 12 s (debug build).
        // Now no key is within its reach, so none is compared; a typo still is.
        let displayKeys = ["backend", "device", "connector", "mode", "rotation", "size", "refresh-rate", "buffers", "planes"]
        XCTAssertEqual(KeySuggester.candidatesInReach(of: long, among: displayKeys), [])
        XCTAssertEqual(KeySuggester.suggestion(for: "devise", among: displayKeys), "device")
        XCTAssertEqual(key.count, 1)
        XCTAssertLessThan((key.first ?? "").utf8.count, 400, String((key.first ?? "").prefix(400)))
        XCTAssertTrue((key.first ?? "").contains("unknown key '\(String(repeating: "k", count: 64))…(524288 bytes)'"), String((key.first ?? "").prefix(400)))
        let name = diagnostics("home = \"\(long)\"\n[[screen]]\nname = \"a\"\n")
        XCTAssertEqual(name.count, 1)
        XCTAssertTrue((name.first ?? "").contains("home names screen \"\(String(repeating: "k", count: 64))…(524288 bytes)\""), String((name.first ?? "").prefix(400)))
        XCTAssertLessThan((name.first ?? "").utf8.count, 400)
    }

    func testADeviceThatCannotBeOpenedAsTheConfigIsCalledADevice() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-device-\(UUID().uuidString).toml").path
        // Major 240 is for local use: no driver answers it, so open() fails (ENXIO), as a
        // device without permission does for a user.
        guard mknod(path, S_IFCHR | 0o600, dev_t(240 << 8)) == 0 else { throw XCTSkip("mknod needs root") }
        paths.append(path)
        let found = ConfigurationCheck(path: path).report
        XCTAssertEqual(found, "\(path): is a character device, not a TOML file; name a regular file")
    }
}
