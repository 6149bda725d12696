import Foundation
import Glibc
import KioskCamera
import KioskCompositor
import KioskEngine
import KioskProcessSupport
import XCTest

/// `type = "video"` in the real daemon (`swipe-kiosk run --display headless`), on clips the test
/// makes: the element's box follows the clip's frames and loops; a missing or truncated file shows
/// a black box with one log line, and the daemon stays up. Screenshots through `ctl` on a private bus; every
/// wait has a deadline.
final class VideoElementProcessTests: XCTestCase {
    private var directory: URL!
    private var bus: PrivateBus!
    private var kiosk: KioskProcess?

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("video-element-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        bus = try PrivateBus()
    }

    override func tearDown() {
        kiosk = nil
        bus = nil
        try? FileManager.default.removeItem(at: directory)
    }

    private func screenshot() throws -> PixelBuffer { try bus.screenshot(into: directory) }

    /// "red", "blue", "black" or "?" for a pixel of a JPEG clip's frame.
    private func colour(_ pixel: UInt32) -> String {
        let (red, green, blue) = (Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF))
        if red > 200 && green < 60 && blue < 60 { return "red" }
        if blue > 200 && red < 60 && green < 60 { return "blue" }
        if red < 8 && green < 8 && blue < 8 { return "black" }
        return "?"
    }

    func testTheBoxFollowsTheClipAndLoopsAndAMissingFileShowsABlackBox() throws {
        // A folder of two clips of a second and a half: red (a.avi) then blue (b.avi), then red again.
        let clips = directory.appendingPathComponent("clips")
        try FileManager.default.createDirectory(at: clips, withIntermediateDirectories: true)
        try VideoClip.make(at: clips.appendingPathComponent("a.avi").path, pattern: "red", frames: 45, width: 64, height: 48)
        try VideoClip.make(at: clips.appendingPathComponent("b.avi").path, pattern: "blue", frames: 45, width: 64, height: 48)
        let missing = directory.appendingPathComponent("missing.avi").path
        let truncated = directory.appendingPathComponent("truncated.avi").path
        try Data(contentsOf: clips.appendingPathComponent("a.avi")).prefix(200).write(to: URL(fileURLWithPath: truncated))
        let configPath = directory.appendingPathComponent("kiosk.toml").path
        try """
            [display]
            backend = "headless"
            size = "320x200"
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
              type = "video"
              x = 40
              y = 30
              width = 120
              height = 80
              fit = "fill"
              path = "\(clips.path)"
              [[screen.element]]
              type = "video"
              x = 200
              y = 30
              width = 80
              height = 60
              path = "\(missing)"
              [[screen.element]]
              type = "video"
              x = 200
              y = 110
              width = 80
              height = 60
              path = "\(truncated)"
            """.write(toFile: configPath, atomically: true, encoding: .utf8)
        let process = try KioskProcess(configPath: configPath, environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        kiosk = process
        XCTAssertTrue(KioskProcess.wait { (try? self.bus.property("CurrentScreen")) as? String != nil },
                      "the kiosk never appeared on the bus: \(process.log)")

        var runs: [String] = []
        var last: PixelBuffer?
        let deadline = Date().addingTimeInterval(15)
        while runs.filter({ $0 != "?" }).count < 3 && Date() < deadline {
            let shot = try screenshot()
            let seen = colour(shot[100, 70])
            if runs.last != seen && seen != "?" { runs.append(seen) }
            last = shot
        }
        XCTAssertEqual(Array(runs.drop { $0 == "black" }.prefix(3)), ["red", "blue", "red"],
                       "the box follows the clip's frames and starts over at the end: \(runs)\n\(process.log)")
        let shot = try XCTUnwrap(last)
        XCTAssertEqual(shot[20, 20] & 0xFF_FFFF, 0x10_2030, "the screen around the box is untouched")
        XCTAssertNotEqual(shot[41, 31] & 0xFF_FFFF, 0x10_2030, "fill covers the box to its corner")

        XCTAssertEqual(colour(shot[240, 60]), "black", "the missing clip's box is black")
        XCTAssertEqual(shot[290, 60] & 0xFF_FFFF, 0x10_2030)
        let mentions = process.log.split(separator: "\n").filter { $0.contains(missing) }
        XCTAssertEqual(mentions.count, 1, process.log)
        XCTAssertTrue(mentions.first?.contains("video element: \(missing): no such file or folder; showing a black box") ?? false,
                      process.log)
        // The truncated clip fails once GStreamer reaches its damage, which may come after the others.
        XCTAssertTrue(KioskProcess.wait { process.log.contains("video element: \(truncated): ") }, process.log)
        XCTAssertTrue(KioskProcess.wait { (try? self.screenshot()).map { self.colour($0[240, 140]) } == "black" },
                      "the truncated clip's box is black: \(process.log)")
        let broken = process.log.split(separator: "\n").filter { $0.contains(truncated) }
        XCTAssertEqual(broken.count, 1, process.log)
        XCTAssertTrue(broken.first?.contains("video element: \(truncated): ") ?? false, process.log)
        XCTAssertTrue(process.isRunning, "the daemon stays up")
        XCTAssertEqual(process.stop(), 0, process.log)
    }

    /// The element's real player paused: its pipeline is held, no frame arrives and its thread
    /// does not spin; let go, it plays on.
    func testAPausedPlayerDeliversNothingAndCostsNoCPU() throws {
        let clip = directory.appendingPathComponent("ball.avi").path
        try VideoClip.make(at: clip, pattern: "ball", frames: 90, width: 64, height: 48)
        let feed = CameraFeedFactory.makeVideoElementFeed(path: clip, loops: true, fit: .fill, width: 32, height: 24, log: { _ in })
        feed.start()
        defer { _ = feed.stop().wait(timeout: 10) }
        func frames(within seconds: Double) -> Int {
            var count = 0
            var waiter = pollfd(fd: feed.readinessDescriptor, events: Int16(POLLIN), revents: 0)
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if poll(&waiter, 1, 20) > 0, feed.takeNewestFrame() != nil { count += 1 }
            }
            return count
        }
        func cpuSeconds() -> Double {
            var usage = rusage()
            getrusage(RUSAGE_SELF.rawValue, &usage)
            return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        }
        XCTAssertGreaterThan(frames(within: 1.5), 5, "the clip plays: \(feed.status)")
        feed.setPaused(true)
        _ = frames(within: 0.3)
        let before = cpuSeconds()
        XCTAssertEqual(frames(within: 1), 0, "nothing arrives while paused")
        XCTAssertLessThan(cpuSeconds() - before, 0.3, "a paused player's thread waits, it does not spin")
        feed.setPaused(false)
        XCTAssertGreaterThan(frames(within: 1.5), 5, "it plays on: \(feed.status)")
    }
}
