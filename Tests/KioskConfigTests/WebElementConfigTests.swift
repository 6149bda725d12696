import Foundation
import KioskEngine
import KioskOptions
import XCTest
@testable import KioskConfig

/// `type = "web"` on a screen (issue 39): `url` is required and must be file:// (absolute),
/// http:// or https://; `max-fps` defaults to 30 in 1...60; `allow` holds origins; check-config
/// reports a missing or irregular page file at the url's line; placeholders in the url name
/// values; the memory estimate counts the host per page.
final class WebElementConfigTests: XCTestCase {
    private var written: [String] = []

    override func tearDown() {
        for path in written { try? FileManager.default.removeItem(atPath: path) }
    }

    private func screen(_ element: String, values: String = "") -> String {
        values + "[[screen]]\nname = \"a\"\n  [[screen.element]]\n  type = \"web\"\n  x = 40\n  y = 40\n  width = 600\n  height = 400\n" + element
    }

    func testTheKeysAndTheirDefaults() throws {
        let plain = try XCTUnwrap(loadValid(screen("  url = \"file:///etc/swipe-kiosk/web/menu.html\"\n")))
        XCTAssertEqual(plain.screens[0].elements[0].kind, .web(WebElement(url: "file:///etc/swipe-kiosk/web/menu.html", maxFps: 30, allow: [])))
        XCTAssertEqual(plain.screens[0].elements[0].frame, ElementFrame(x: 40, y: 40, width: 600, height: 400))
        let set = try XCTUnwrap(loadValid(screen("  url = \"https://intranet.example/board\"\n  max-fps = 12\n  allow = [\"https://cdn.example\", \"http://127.0.0.1:8080\"]\n")))
        XCTAssertEqual(set.screens[0].elements[0].kind,
                       .web(WebElement(url: "https://intranet.example/board", maxFps: 12, allow: ["https://cdn.example", "http://127.0.0.1:8080"])))
    }

    func testAWebElementNeedsAUrlWithAKnownSchemeAndAnAbsoluteFile() {
        XCTAssertEqual(diagnostics(screen("")),
                       ["kiosk.toml:3:3: a web element needs 'url': file:///absolute/page.html, http://... or https://..."])
        XCTAssertEqual(diagnostics(screen("  url = \"ftp://files.example/menu.html\"\n")),
                       ["kiosk.toml:9:9: screen.element.url: scheme \"ftp\" is not file, http or https"])
        XCTAssertEqual(diagnostics(screen("  url = \"file://menu.html\"\n")),
                       ["kiosk.toml:9:9: screen.element.url: a file:// url needs an absolute path (file:///etc/swipe-kiosk/web/page.html)"])
        XCTAssertEqual(diagnostics(screen("  url = \"menu.html\"\n")),
                       ["kiosk.toml:9:9: screen.element.url: \"menu.html\" is not a url; use file:///absolute/page.html, http://... or https://..."])
    }

    func testMaxFpsIsOneToSixtyAndAllowHoldsOrigins() {
        let fps = diagnostics(screen("  url = \"https://a.example\"\n  max-fps = 61\n"))
        XCTAssertEqual(fps.count, 1, "\(fps)")
        let message = fps.first ?? ""
        XCTAssertTrue(message.hasPrefix("kiosk.toml:10:") && message.contains("max-fps") && message.contains("1...60"), "\(fps)")
        let allow = diagnostics(screen("  url = \"https://a.example\"\n  allow = [\"https://ok.example\", \"https://b.example/path\", \"ftp://c.example\"]\n"))
        XCTAssertEqual(allow.count, 2, "\(allow)")
        XCTAssertTrue(allow.first?.contains("screen.element.allow element 2: \"https://b.example/path\" is not scheme://host[:port]") ?? false, "\(allow)")
        XCTAssertTrue(allow.last?.contains("screen.element.allow element 3: \"ftp://c.example\": scheme \"ftp\" is not http or https") ?? false, "\(allow)")
        XCTAssertTrue(allow.allSatisfy { $0.hasPrefix("kiosk.toml:10:") }, "\(allow)")
    }

    func testThePlaceholdersOfTheUrlNameValues() throws {
        let values = "[[value]]\nname = \"room\"\ninitial = \"12\"\n"
        let configuration = try XCTUnwrap(loadValid(screen("  url = \"https://rooms.example/{room}\"\n", values: values)))
        XCTAssertEqual(configuration.screens[0].elements[0].kind, .web(WebElement(url: "https://rooms.example/{room}")))
        let found = diagnostics(screen("  url = \"https://rooms.example/{rom}\"\n", values: values))
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertTrue(found.first.map { $0.hasPrefix("kiosk.toml:12:") && $0.contains("{rom} names no value") } ?? false, "\(found)")
    }

    func testCheckConfigReportsAMissingOrIrregularPageFileAtItsLine() throws {
        let missing = "/nonexistent/swipe-kiosk/menu.html"
        let path = try temporaryFile(screen("  url = \"file://\(missing)\"\n"))
        written.append(path)
        let check = ConfigurationCheck(path: path)
        XCTAssertFalse(check.isValid)
        XCTAssertTrue(check.report.contains(":9:9: screen.element.url: file://\(missing): no such file; the element shows its background instead"),
                      check.report)
        let folder = FileManager.default.temporaryDirectory.path
        let directory = try temporaryFile(screen("  url = \"file://\(folder)\"\n"))
        written.append(directory)
        let irregular = ConfigurationCheck(path: directory)
        XCTAssertTrue(irregular.report.contains(":9:9: screen.element.url: file://\(folder): is a directory, not a regular file"), irregular.report)
        let page = try temporaryFile("<html></html>")
        written.append(page)
        let good = try temporaryFile(screen("  url = \"file://\(page)\"\n") + "  [[screen.element]]\n  type = \"web\"\n  url = \"https://unreached.example\"\n")
        written.append(good)
        XCTAssertTrue(ConfigurationCheck(path: good).isValid, ConfigurationCheck(path: good).report)
    }

    /// The keys a web element reads, from the loader's own "valid keys" list, are documented in
    /// Config/kiosk.toml's commented-out web element and listed in swipe-kiosk.toml(5).
    func testTheReferenceConfigAndTheManualPageListEveryWebElementKey() throws {
        let found = diagnostics(screen("  url = \"https://a.example\"\n  zzz = 1\n"))
        let message = try XCTUnwrap(found.first { $0.contains("unknown key 'zzz'") }, "\(found)")
        let list = try XCTUnwrap(message.range(of: "valid keys: "), message)
        let keys = message[list.upperBound...].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertTrue(keys.contains("url") && keys.contains("max-fps") && keys.contains("allow"), "\(keys)")
        let text = try String(contentsOfFile: repositoryConfigFile("kiosk.toml"), encoding: .utf8)
        let start = try XCTUnwrap(text.range(of: "  # type = \"web\""), "Config/kiosk.toml has a commented-out web element")
        let block = String(text[start.lowerBound...]).components(separatedBy: "\n\n")[0]
        for key in keys where key != "opacity" {
            XCTAssertTrue(block.contains("  # \(key) = "), "Config/kiosk.toml's web element documents '\(key)':\n\(block)")
        }
        let web = try XCTUnwrap(ConfigSchema.walked().tables(at: "screen.element").first { $0.variant == "a web element" })
        for key in ["url", "max-fps", "allow"] {
            XCTAssertTrue(web.keys.contains { $0.name == key }, "swipe-kiosk.toml(5) lists \(key): \(web.keys.map(\.name))")
        }
        XCTAssertEqual(web.keys.first { $0.name == "max-fps" }?.range, "1...60")
        XCTAssertEqual(web.keys.first { $0.name == "max-fps" }?.defaultValue, "30")
    }

    func testTheMemoryEstimateCountsTheHostPerPage() throws {
        let two = try XCTUnwrap(loadValid(screen("  url = \"https://a.example\"\n") + "  [[screen.element]]\n  type = \"web\"\n  width = 100\n  height = 50\n  url = \"https://b.example\"\n"))
        let estimate = MemoryEstimate(configuration: two, displaySize: PixelSize(width: 1280, height: 720)) { _ in nil }
        let part = try XCTUnwrap(estimate.parts.first { $0.name == "the web host and 2 pages" }, "\(estimate.parts)")
        XCTAssertEqual(part.bytes, RuntimeMemory.webFirstPageBytes + RuntimeMemory.webFurtherPageBytes
                       + 3 * 4 * (600 * 400 + 100 * 50))
        XCTAssertEqual(RuntimeMemory.webFirstPageBytes, 190 << 20)
        XCTAssertEqual(RuntimeMemory.webFurtherPageBytes, 50 << 20)
        let none = try XCTUnwrap(loadValid("[[screen]]\nname = \"a\"\n"))
        XCTAssertNil(MemoryEstimate(configuration: none, displaySize: PixelSize(width: 1280, height: 720)) { _ in nil }
            .parts.first { $0.name.hasPrefix("the web host") })
    }
}
