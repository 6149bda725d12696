import Foundation
import KioskCamera
import KioskConfig
import KioskDisplay
import KioskEngine
import KioskOptions
@testable import KioskRuntime
import KioskTestFixtures

/// A whole daemon in the test process: a headless display on a manual clock, touches from a fake
/// source, no camera; the test moves time and ticks frames, so nothing waits.
package final class DaemonHarness: KioskDaemonObserver {
    package let display: HeadlessDisplay
    package let clock: ManualDaemonClock
    package let touches = FakeTouchSource()
    /// The outputs beside the first, each on its own manual frame clock (`[[display.output]]`).
    package let outputs = FakeOutputs()
    /// Starts at `wallDate` in `timeZone` and moves with `clock`.
    package let wallClock: ManualWallClock
    package let log = LogLines()
    /// What the daemon told systemd (READY, STATUS, WATCHDOG, RELOADING, STOPPING).
    package let notifier: FakeServiceNotifier
    package let configURL: URL
    package let eventsURL: URL
    package var daemon: KioskDaemon!
    package private(set) var ended: [(from: String, to: String, completed: Bool)] = []
    private var nextTouchID = 1

    /// - Parameters:
    ///   - wallDate: where the wall clock starts (`[[power.schedule]]`), in `timeZone`.
    ///   - camera: the feed `[camera]` gets whatever it names; nil: none.
    ///   - backlightClassFolder: where `[power] backlight = "auto"` looks.
    ///   - watchdogTimeout: systemd's WatchdogSec= as the notifier reports it; nil: no watchdog.
    ///   - videoFeeds: makes each video element's player (its content and box); nil: the real GStreamer one.
    ///   - webHost: starts the web host for web elements; nil: the real `swipe-kiosk-web`.
    ///   - wrapDisplay: the display the daemon gets, made around the headless one (a test's recording display).
    ///   - soundSink: where `[sound]` plays; nil: the real GStreamer one.
    package init(config: String, wallDate: String = "2026-06-03 12:00", timeZone: String = "UTC", camera: FakeCameraFeed? = nil,
         backlightClassFolder: String = "/nonexistent/backlight", watchdogTimeout: Double? = nil,
         videoFeeds: ((VideoContent, PixelSize) -> any CameraFeed)? = nil, webHost: WebHostLauncher? = nil,
         wrapDisplay: (HeadlessDisplay) -> any Display = { $0 }, soundSink: FakeSoundSink? = nil) throws {
        // Its screens may lay out text (button titles) before the compositor's text tests run.
        TestFonts.pin()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("daemon-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        configURL = directory.appendingPathComponent("kiosk.toml")
        eventsURL = directory.appendingPathComponent("events.jsonl")
        try config.write(to: configURL, atomically: true, encoding: .utf8)
        display = try HeadlessDisplay(width: 320, height: 200, virtualClock: true, copiesFrames: true)
        clock = ManualDaemonClock(frameClock: display.virtualClock!)
        // Away from zero, as CLOCK_MONOTONIC is: "long ago" must not look like "just now".
        clock.frameClock.advance(to: 1000)
        wallClock = ManualWallClock(date: ManualWallClock.local(wallDate, in: TimeZone(identifier: timeZone)!),
                                    timeZone: timeZone, daemonClock: clock)
        let touches = touches
        notifier = FakeServiceNotifier(watchdogTimeout: watchdogTimeout)
        var parts = DaemonParts(display: wrapDisplay(display), loop: try EventLoop(), clock: clock,
                                makeTouchSource: { _, _ in touches }, makeCameraFeed: { _, _ in camera.map { .live($0) } },
                                wallClock: wallClock, backlightClassFolder: backlightClassFolder, notifier: notifier)
        parts.makeOutputDisplay = outputs.makeDisplay
        parts.makeOutputTouchSource = outputs.makeTouchSource
        if let videoFeeds { parts.makeVideoFeed = { content, size, _ in videoFeeds(content, size) } }
        if let soundSink {
            parts.makeSoundSink = { device, _, _ in
                soundSink.devices.append(device)
                return soundSink
            }
        }
        parts.launchWebHost = webHost
        var options = RunOptions(eventsLogPath: eventsURL.path)
        options.exitAfterReplay = false
        daemon = try KioskDaemon(configuration: try ConfigurationLoader.load(path: configURL.path).get(),
                                 configPath: configURL.path, parts: parts, options: options, logger: log.logger)
        daemon.addObserver(self)
        try daemon.start()
    }

    deinit {
        try? FileManager.default.removeItem(at: configURL.deletingLastPathComponent())
    }

    package func transitionEnded(from: String, to: String, completed: Bool) {
        ended.append((from, to, completed))
    }

    /// True while some display link still wants the frame clock to tick.
    package var clockWantsTicks: Bool { clock.frameClock.wantsTicks }

    /// One vsync: the display ticks, the daemon draws what it made due, due timers fire.
    package func frame() {
        clock.frameClock.tick()
        daemon.frameTickDelivered()
        clock.fireDueTimers()
    }

    /// One vsync of the output `name` only: its own clock ticks, the daemon draws what it made due.
    package func outputFrame(_ name: String) {
        outputs.clock(name).tick()
        daemon.frameTickDelivered()
        clock.fireDueTimers()
    }

    package func frames(_ count: Int) {
        for _ in 0..<count { frame() }
    }

    /// Ticks until no display link wants ticks (at most `limit` frames); returns how many it took.
    @discardableResult
    package func settle(limit: Int = 600) -> Int {
        var count = 0
        while clockWantsTicks && count < limit {
            frame()
            count += 1
        }
        return count
    }

    /// Hands `events` to the daemon through its loop, as a device would.
    package func send(_ events: [TouchEvent]) throws {
        touches.send(events)
        try daemon.eventLoop.runOnce(timeoutMilliseconds: 0)
    }

    /// A finger from `start` to `end` in `steps` moves, one per frame; `lift` false leaves it down.
    package func drag(from start: Point, to end: Point, steps: Int = 8, lift: Bool = true) throws {
        let id = nextTouchID
        nextTouchID += 1
        try send([TouchEvent(id: id, phase: .began, location: start, time: clock.now)])
        for step in 1...steps {
            frame()
            let f = Double(step) / Double(steps)
            let point = Point(x: start.x + (end.x - start.x) * f, y: start.y + (end.y - start.y) * f)
            try send([TouchEvent(id: id, phase: .moved, location: point, time: clock.now)])
        }
        if lift {
            frame()
            try send([TouchEvent(id: id, phase: .ended, location: end, time: clock.now)])
        }
    }

    /// A quick leftward swipe across the middle: the next screen.
    package func swipeLeft() throws {
        try drag(from: Point(x: 290, y: 100), to: Point(x: 40, y: 100))
    }

    /// Lines of the events log of type `type`; the daemon writes them out when it comes to rest.
    package func events(_ type: String) -> [String] {
        let text = (try? String(contentsOf: eventsURL, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init).filter { $0.contains("\"type\":\"\(type)\"") }
    }

    /// Turns the daemon's loop until `condition` holds, for what arrives from outside (a child
    /// process's exit, inotify); at most `limit` seconds of real time.
    package func runLoop(limit: Double = 3, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(limit) // wall clock: bounds a wait
        while !condition() && Date() < deadline { // wall clock: bounds a wait
            _ = try? daemon.eventLoop.runOnce(timeoutMilliseconds: 20)
        }
        return condition()
    }

    /// Writes a new config file for the next `reload()`.
    package func rewriteConfig(_ text: String) throws {
        try text.write(to: configURL, atomically: true, encoding: .utf8)
    }
}
