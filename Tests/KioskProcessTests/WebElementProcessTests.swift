import Foundation
import Glibc
import KioskCompositor
import KioskEngine
import KioskProcessSupport
import XCTest

/// `type = "web"` in the real daemon (`swipe-kiosk run --display headless`) with the real web host
/// (WPE WebKit) on a local page with a JS button (issue 39): `ctl screenshot` shows the page in the
/// element's box, a tap replayed through the touch pipeline clicks the button, and SIGTERM ends
/// the daemon and the host within 2 s with nothing left behind. Every wait has a deadline.
final class WebElementProcessTests: XCTestCase {
    private var directory: URL!
    private var bus: PrivateBus!
    private var kiosk: KioskProcess?

    override func setUpWithError() throws {
        let host = URL(fileURLWithPath: KioskProcess.binary).deletingLastPathComponent().appendingPathComponent("swipe-kiosk-web").path
        guard FileManager.default.isExecutableFile(atPath: host) else {
            throw XCTSkip("swipe-kiosk-web is not built (WPE WebKit 1.1 missing: make test-process installs it)")
        }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("web-element-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        bus = try PrivateBus()
    }

    override func tearDown() {
        kiosk = nil
        bus = nil
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    /// A red page whose button (page pixels 50...250 x 50...150) turns it green.
    private static let page = """
        <!doctype html><html><head><style>html,body{margin:0;overflow:hidden;background:#ff0000}
        #b{position:absolute;left:50px;top:50px;width:200px;height:100px;font-size:30px}</style></head>
        <body><button id="b" onclick="document.documentElement.style.background='#00ff00'">Tap</button></body></html>
        """

    /// Taps at screen (250, 200) on touchscreen.desc's 800x600 (the button's middle, the element
    /// being at 100,100): at 8 s and again at 14 s, so a page that loads late is still tapped.
    private static func recording() -> String {
        var lines = ["# EVEMU 1.3", "E: 0.000000 0000 0000 0"]
        for start in [8.0, 14.0] {
            let down = String(format: "%.6f", start), up = String(format: "%.6f", start + 0.08)
            lines += ["E: \(down) 0003 002f 0", "E: \(down) 0003 0039 1", "E: \(down) 0003 0035 250", "E: \(down) 0003 0036 200",
                      "E: \(down) 0001 014a 1", "E: \(down) 0001 0145 1", "E: \(down) 0003 0000 250", "E: \(down) 0003 0001 200",
                      "E: \(down) 0000 0000 0",
                      "E: \(up) 0003 0039 -1", "E: \(up) 0001 014a 0", "E: \(up) 0001 0145 0", "E: \(up) 0000 0000 0"]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func colour(_ pixel: UInt32) -> String {
        let (red, green, blue) = (Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF))
        if red > 200 && green < 60 && blue < 60 { return "red" }
        if green > 200 && red < 60 && blue < 60 { return "green" }
        if pixel & 0xFF_FFFF == 0x10_2030 { return "background" }
        return "?"
    }

    func testTheScreenshotShowsThePageAndATapClicksItsButton() throws {
        let pagePath = directory.appendingPathComponent("button.html").path
        try Self.page.write(toFile: pagePath, atomically: true, encoding: .utf8)
        let events = directory.appendingPathComponent("tap.events").path
        try Self.recording().write(toFile: events, atomically: true, encoding: .utf8)
        let configPath = directory.appendingPathComponent("kiosk.toml").path
        try """
            [display]
            backend = "headless"
            size = "800x600"
            [camera]
            source = "none"
            [control]
            bus = "session"
            [indicator]
            enabled = false
            [[screen]]
            name = "home"
            background = "#102030"
              [[screen.element]]
              type = "web"
              x = 100
              y = 100
              width = 400
              height = 300
              url = "file://\(pagePath)"
            """.write(toFile: configPath, atomically: true, encoding: .utf8)
        let e2e = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../e2e").standardized
        let process = try KioskProcess(configPath: configPath, environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address], arguments: [
            "--replay", events, "--device", e2e.appendingPathComponent("touchscreen.desc").path, "--keep-running"])
        kiosk = process
        XCTAssertTrue(KioskProcess.wait { (try? self.bus.property("CurrentScreen")) as? String != nil },
                      "the kiosk never appeared on the bus: \(process.log)")

        XCTAssertTrue(KioskProcess.wait(limit: 14) { (try? self.bus.screenshot(into: self.directory)).map { self.colour($0[120, 120]) } == "red" },
                      "the page shows in the element's box: \(process.log)")
        let shot = try bus.screenshot(into: directory)
        XCTAssertEqual(colour(shot[50, 50]), "background", "the screen around the box is the screen's")
        XCTAssertEqual(colour(shot[495, 395]), "red", "the page fills the box to its corner")
        XCTAssertEqual(colour(shot[505, 405]), "background")
        XCTAssertTrue(process.log.contains("web: host started"), process.log)

        XCTAssertTrue(KioskProcess.wait(limit: 20) { (try? self.bus.screenshot(into: self.directory)).map { self.colour($0[120, 120]) } == "green" },
                      "the tap clicked the page's button: \(process.log)")

        // A host killed as a crash would: logged, started again after 1 s, the page loaded again (red).
        let first = Self.children(named: "swipe-kiosk-web", of: process.pid)
        XCTAssertEqual(first.count, 1, "one host for the page")
        for pid in first { kill(pid, SIGKILL) }
        XCTAssertTrue(KioskProcess.wait { process.log.contains("starting it again in 1 s") }, process.log)
        XCTAssertTrue(KioskProcess.wait(limit: 15) { (try? self.bus.screenshot(into: self.directory)).map { self.colour($0[120, 120]) } == "red" },
                      "the page is loaded again on a new host: \(process.log)")
        XCTAssertEqual(process.log.components(separatedBy: "starting it again").count - 1, 1, "logged once: \(process.log)")
        for pid in first { XCTAssertNotEqual(kill(pid, 0), 0, "the killed host \(pid) was reaped") }

        let hosts = Self.children(named: "swipe-kiosk-web", of: process.pid)
        XCTAssertEqual(hosts.count, 1, "one host again")
        let start = Date()
        process.stop()
        XCTAssertLessThan(Date().timeIntervalSince(start), 2.0, "SIGTERM ends the daemon and its host within 2 s")
        for pid in hosts { XCTAssertNotEqual(kill(pid, 0), 0, "the host \(pid) is gone") }
    }

    /// `swipe-kiosk render` starts the host, waits for the page to load and draws it as loaded;
    /// a page that cannot load fails the render with its reason.
    func testRenderShowsThePageAsLoaded() throws {
        let pagePath = directory.appendingPathComponent("button.html").path
        try Self.page.write(toFile: pagePath, atomically: true, encoding: .utf8)
        func config(_ url: String) -> String {
            "[display]\nsize = \"320x200\"\n[camera]\nsource = \"none\"\n[indicator]\nenabled = false\n[[screen]]\nname = \"home\"\n"
                + "background = \"#102030\"\n  [[screen.element]]\n  type = \"web\"\n  x = 40\n  y = 30\n  width = 120\n  height = 80\n"
                + "  url = \"\(url)\"\n"
        }
        let configPath = directory.appendingPathComponent("kiosk.toml").path
        try config("file://\(pagePath)").write(toFile: configPath, atomically: true, encoding: .utf8)
        let out = directory.appendingPathComponent("home.png").path
        let result = try render(["--config", configPath, "--screen", "home", "--out", out])
        XCTAssertEqual(result.status, 0, result.errors)
        let picture = try ImageDecoder.decode(contentsOf: out)
        XCTAssertEqual(colour(picture[100, 70]), "red", "the page as loaded")
        XCTAssertEqual(colour(picture[20, 20]), "background")

        let missing = directory.appendingPathComponent("missing.html").path
        try config("file://\(missing)").write(toFile: configPath, atomically: true, encoding: .utf8)
        let failed = try render(["--config", configPath, "--screen", "home", "--out", out])
        XCTAssertNotEqual(failed.status, 0)
        XCTAssertTrue(failed.errors.contains("render: web element file://\(missing): "), failed.errors)
    }

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

    /// The processes named `name` whose parent is `parent`.
    private static func children(named name: String, of parent: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { Int32($0) }.filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { return false }
            let command = String(stat[stat.index(after: open)..<close])
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return name.hasPrefix(command) && fields.count > 2 && Int32(fields[1]) == parent
        }
    }
}
