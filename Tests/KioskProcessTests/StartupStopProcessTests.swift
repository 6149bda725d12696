import Foundation
import Glibc
import KioskProcessSupport
import KioskTestSupport
import XCTest

/// SIGTERM always works: the real daemon asked to stop while it builds and draws a slow deck
/// (1,000 card screens all in reach of a tab bar) exits within 2 s, logging the cause once; a
/// config it cannot run is refused before anything is allocated.
final class StartupStopProcessTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("startup-stop-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    private static let slowDeck = "[display]\nbackend = \"headless\"\nsize = \"1280x800\"\n[camera]\nsource = \"pattern\"\n"
        + "[control]\nbus = \"none\"\n[tabs]\nenabled = true\n"
        + (0..<1000).map { "[[screen]]\nname = \"s\($0)\"\n[[screen.element]]\ntype = \"card\"\ntitle = \"Screen \($0)\"\n"
            + "text = \"a card with a title and a text\"\nx = 40\ny = 40\nwidth = 1200\nheight = 700\n" }.joined()

    private func start(_ config: String, environment: [String: String] = [:]) throws -> KioskProcess {
        let path = directory.appendingPathComponent("kiosk.toml").path
        try config.write(toFile: path, atomically: true, encoding: .utf8)
        return try KioskProcess(configPath: path, environment: environment)
    }

    /// Sends SIGTERM once `stage` is in the log, before the first frame; returns the seconds to the exit.
    private func stopDuringStart(after stage: String) throws -> Double {
        let kiosk = try start(Self.slowDeck)
        XCTAssertTrue(KioskProcess.wait(limit: 30) { kiosk.log.contains(stage) }, kiosk.log)
        XCTAssertFalse(kiosk.log.contains("ready:"), "the start was over before the stop: \(kiosk.log)")
        let sent = Date()
        let status = kiosk.stop()
        let seconds = Date().timeIntervalSince(sent)
        XCTAssertEqual(status, 0, kiosk.log)
        XCTAssertEqual(kiosk.log.components(separatedBy: "stopping").count - 1, 1, "the cause once: \(kiosk.log)")
        XCTAssertFalse(kiosk.log.contains("ready:"), "nothing more was started for the stop: \(kiosk.log)")
        print("SIGTERM after '\(stage)': exited in \(String(format: "%.3f", seconds)) s")
        return seconds
    }

    func testSigtermWhileTheScreensAreBuiltEndsTheStartWithinTwoSeconds() throws {
        XCTAssertLessThan(try stopDuringStart(after: "display: using headless"), 2)
    }

    func testSigtermWhileTheScreensAreDrawnAheadEndsTheStartWithinTwoSeconds() throws {
        XCTAssertLessThan(try stopDuringStart(after: "1000 screens, home"), 2)
    }

    func testSigtermDuringTheReloadOfASlowDeckExitsWithinTwoSeconds() throws {
        // The daemon says RELOADING=1 as the reload begins: the stop is sent then, not after a guessed delay.
        let listener = try NotifySocketListener()
        let kiosk = try start(Self.slowDeck.components(separatedBy: "[[screen]]").prefix(3).joined(separator: "[[screen]]"),
                              environment: ["NOTIFY_SOCKET": listener.path])
        XCTAssertTrue(KioskProcess.wait(limit: 30) { kiosk.log.contains("ready:") }, kiosk.log)
        _ = listener.receive()
        let path = directory.appendingPathComponent("kiosk.toml").path
        try Self.slowDeck.write(toFile: path, atomically: true, encoding: .utf8)
        kill(kiosk.pid, SIGHUP)
        XCTAssertTrue(KioskProcess.wait(limit: 10) { listener.receive().contains { $0.contains("RELOADING=1") } }, kiosk.log)
        let reloaded = kiosk.log.contains("reloaded")
        let sent = Date()
        XCTAssertEqual(kiosk.stop(), 0, kiosk.log)
        let seconds = Date().timeIntervalSince(sent)
        print("SIGTERM as a reload of 1000 screens began (over: \(reloaded)): exited in \(String(format: "%.3f", seconds)) s")
        XCTAssertLessThan(seconds, 2, kiosk.log)
    }

    func testADisplayTooLargeIsRefusedBeforeAnythingIsAllocated() throws {
        let kiosk = try start("[display]\nbackend = \"headless\"\nsize = \"16384x16384\"\n[camera]\nsource = \"none\"\n")
        XCTAssertTrue(KioskProcess.wait(limit: 10) { !kiosk.isRunning }, "a refused config must end the process")
        XCTAssertTrue(kiosk.log.contains("[display] size 16384x16384 is larger than the 8192x8192 the kiosk can draw"), kiosk.log)
        XCTAssertFalse(kiosk.log.contains("display: using"), "the display was never opened: \(kiosk.log)")
    }
}
