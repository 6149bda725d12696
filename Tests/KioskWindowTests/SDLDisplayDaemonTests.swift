import Foundation
import XCTest

/// `swipe-kiosk run --display sdl`: the daemon itself in a desktop window on a private X server.
final class SDLDisplayDaemonTests: XCTestCase {
    private var directory: URL!
    private var server: XvfbServer!

    override func setUpWithError() throws {
        server = try XvfbServer()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("run-sdl-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        server = nil
        try? FileManager.default.removeItem(at: directory)
    }

    func testTheDaemonRunsInAWindowWhereTheMouseSwipesAndTheArrowKeysGoBack() throws {
        let config = directory.appendingPathComponent("kiosk.toml")
        try """
            [display]
            backend = "headless"
            size = "480x300"
            [camera]
            source = "none"
            [indicator]
            enabled = false
            [[screen]]
            name = "first"
            background = "#d01010"
            [[screen]]
            name = "second"
            background = "#10d010"
            """.write(to: config, atomically: true, encoding: .utf8)
        let log = directory.appendingPathComponent("run.log")
        let process = try server.launchSwipeKiosk(["run", "--config", config.path, "--display", "sdl"], log: log)
        defer { if process.isRunning { process.terminate() } }
        func logText() -> String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

        guard let window = try server.findWindow(titled: "swipe-kiosk") else {
            return XCTFail("no window appeared; log:\n\(logText())")
        }
        XCTAssertEqual([window.width, window.height], [480, 300])
        XCTAssertNotNil(try server.waitFor(window, into: directory, within: 5) { XvfbServer.centre($0) == 0xD0_1010 }, logText())
        try server.dragFromRightToLeftThird(of: window)
        // The whole window in the second colour: the transition has ended (an arrow key is refused while one runs).
        XCTAssertNotNil(try server.waitFor(window, into: directory, within: 3) { XvfbServer.isFilled($0, with: 0x10_D010) },
                        "the drag did not swipe; log:\n\(logText())")
        try server.run("xdotool", ["key", "--window", window.id, "Left"])
        XCTAssertNotNil(try server.waitFor(window, into: directory, within: 3) { XvfbServer.centre($0) == 0xD0_1010 },
                        "the left arrow did not go back; log:\n\(logText())")
        XCTAssertTrue(logText().contains("display: using sdl (480x300"), logText())

        process.terminate()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, logText())
    }
}
