import Foundation
import KioskCompositor
import KioskRuntime
import KioskProcessSupport
import XCTest

/// The real daemon (`swipe-kiosk run`) with two headless outputs on a private bus: each output's
/// screenshot shows its own deck, `ctl goto --output` changes only that output, and the
/// status, D-Bus property and metrics list both.
final class OutputsProcessTests: XCTestCase {
    private var directory: URL!
    private var bus: PrivateBus!
    private var kiosk: KioskProcess?

    private static let config = """
        [display]
        backend = "headless"
        [[display.output]]
        connector = "MAIN"
        size = "160x100"
        [[display.output]]
        connector = "SIDE"
        mode = "120x80@50"
        screens = ["menu", "prices"]
        [camera]
        source = "none"
        [control]
        bus = "session"
        [[screen]]
        name = "home"
        background = "#102030"
        [[screen]]
        name = "menu"
        background = "#10d010"
        [[screen]]
        name = "prices"
        background = "#e0e010"
        """

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("outputs-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        bus = try PrivateBus()
        let configPath = directory.appendingPathComponent("kiosk.toml").path
        try Self.config.write(toFile: configPath, atomically: true, encoding: .utf8)
        let process = try KioskProcess(configPath: configPath, environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        kiosk = process
        XCTAssertTrue(KioskProcess.wait { (try? self.bus.property("CurrentScreen")) as? String != nil },
                      "the kiosk never appeared on the bus: \(process.log)")
    }

    override func tearDown() {
        kiosk = nil
        bus = nil
        try? FileManager.default.removeItem(at: directory)
    }


    /// `ctl screenshot --output NAME`, decoded: its size and the colour (RGB) of its top half, if
    /// that is one colour (the page indicator sits at the bottom).
    private func screenshot(_ output: String) throws -> (width: Int, height: Int, color: UInt32?) {
        let file = directory.appendingPathComponent("\(output).png").path
        let result = try bus.ctl(["screenshot", "--output", output, file])
        XCTAssertEqual(result.status, 0, result.error)
        let shot = try ImageDecoder.decode(contentsOf: file)
        let first = shot[0, 0] & 0xFFFFFF
        var uniform = true
        for y in 0..<shot.height / 2 { for x in 0..<shot.width where shot[x, y] & 0xFFFFFF != first { uniform = false } }
        return (shot.width, shot.height, uniform ? first : nil)
    }

    func testEachOutputsScreenshotShowsItsOwnDeck() throws {
        let main = try screenshot("MAIN")
        XCTAssertEqual([main.width, main.height], [160, 100])
        XCTAssertEqual(main.color, 0x102030, "the touch deck's home")
        let side = try screenshot("SIDE")
        XCTAssertEqual([side.width, side.height], [120, 80])
        XCTAssertEqual(side.color, 0x10D010, "the side deck's first screen, menu")

        XCTAssertEqual(try bus.ctl(["goto", "--output", "SIDE", "--no-animation", "prices"]).status, 0)
        XCTAssertTrue(KioskProcess.wait { (try? self.screenshot("SIDE").color) == 0xE0E010 }, "the side output shows prices")
        XCTAssertEqual(try screenshot("MAIN").color, 0x102030, "the touch deck stayed")

        let unknown = try bus.ctl(["screenshot", "--output", "NOPE", directory.appendingPathComponent("x.png").path])
        XCTAssertNotEqual(unknown.status, 0)
        XCTAssertTrue(unknown.error.contains(#"no output named "NOPE"; outputs: "MAIN", "SIDE""#), unknown.error)
        let offDeck = try bus.ctl(["goto", "--output", "SIDE", "home"])
        XCTAssertNotEqual(offDeck.status, 0)
        XCTAssertTrue(offDeck.error.contains(#"screens: "menu", "prices""#), offDeck.error)

        let status = try bus.ctl(["status"])
        XCTAssertTrue(status.output.contains("MAIN 160x100@60 \"home\""), status.output)
        XCTAssertTrue(status.output.contains("SIDE 120x80@50 \"prices\""), status.output)
        let outputs = try bus.property("Outputs") as? [[Any]]
        XCTAssertEqual(outputs?.map { "\($0)" }, [#"["MAIN", 1, "160x100@60", 0, "home"]"#, #"["SIDE", 1, "120x80@50", 0, "prices"]"#],
                       "Outputs a(sbsus): \(String(describing: outputs))")
        XCTAssertEqual(try bus.call("GoToOutput", ["ssb", "SIDE", "menu", "false"]).status, 0)
        XCTAssertTrue(KioskProcess.wait { (try? self.screenshot("SIDE").color) == 0x10D010 }, "GoToOutput on D-Bus")
        let metrics = try bus.ctl(["status", "--metrics"]).output
        XCTAssertTrue(metrics.contains(#"swipe_kiosk_output_frames_total{output="SIDE"}"#), metrics)
        XCTAssertTrue(metrics.contains(#"swipe_kiosk_output_frames_total{output="MAIN"}"#), metrics)
    }
}
