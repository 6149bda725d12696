import Foundation
import KioskConfig
import KioskEngine
@testable import KioskRuntime
import KioskProcessSupport
import KioskTestSupport
import XCTest

/// A broker stopped for 30 s and started again: the kiosk draws the same frames, no later, as it
/// does with the broker up while it tries again with its back-off, then reconnects and publishes
/// its state as it is now (retained), though that state changed while the broker was away.
final class MqttBrokerOutageInProcessTests: XCTestCase {
    private static let prefix = "kiosk/outage"

    private static func config(port: Int) -> String {
        """
        [display]
        backend = "headless"
        size = "320x200"
        [camera]
        source = "none"
        [control]
        bus = "none"
        [transition]
        duration = 0.2
        [mqtt]
        broker = "mqtt://127.0.0.1:\(port)"
        client-id = "outage-kiosk"
        topic-prefix = "\(prefix)"
        [[screen]]
        name = "home"
        background = "#203040"
        [[screen]]
        name = "work"
        background = "#402030"
        """
    }

    /// What `seconds` of frames did: how many were presented, and the loop's own work between
    /// them (its events, then its timers, where the client reads, writes and reconnects) timed.
    private struct Run {
        var presented = 0
        var loop = LoopTurnTimer()
    }

    /// Frame by frame over `seconds` of the manual clock, an animated change of screen every
    /// second: the same script whatever the broker does, so the frames can be compared.
    private func animate(_ kiosk: DaemonHarness, seconds: Int) throws -> Run {
        var run = Run()
        let before = kiosk.display.presentedFrameCount
        for turn in 0..<(seconds * 60) {
            if turn % 60 == 0 { try kiosk.daemon.goTo(kiosk.daemon.currentScreen == "home" ? "work" : "home", animated: true) }
            // One vsync as DaemonHarness.frame() gives it, with the loop's work around it timed.
            kiosk.clock.frameClock.tick()
            kiosk.daemon.frameTickDelivered()
            try run.loop.measure {
                _ = try kiosk.daemon.eventLoop.runOnce(timeoutMilliseconds: 0)
                kiosk.clock.fireDueTimers()
            }
        }
        kiosk.settle()
        run.presented = kiosk.display.presentedFrameCount - before
        return run
    }

    func testABrokerStoppedFor30SecondsDelaysNoFrameAndGetsTheCurrentStateOnReconnect() throws {
        let broker = try MosquittoBroker()
        let port = broker.port, p = Self.prefix
        let kiosk = try DaemonHarness(config: Self.config(port: port))
        kiosk.settle()
        let control = KioskControl(daemon: kiosk.daemon, logger: kiosk.log.logger)
        let all = try broker.subscribe("\(p)/#")
        XCTAssertTrue(kiosk.runLoop(limit: 5) { all.last("\(p)/state/screen") == "home" }, "\(kiosk.log.lines)")

        // Usual: the broker up (each change of screen published as it happens).
        let usual = try animate(kiosk, seconds: 30)
        XCTAssertGreaterThan(usual.presented, 30 * 10, "each second's change of screen animates")

        broker.stop()
        XCTAssertTrue(kiosk.runLoop(limit: 5) { kiosk.log.lines.contains { $0.contains("trying again") } }, "\(kiosk.log.lines)")
        let downAt = kiosk.clock.now
        let away = try animate(kiosk, seconds: 30)
        XCTAssertGreaterThanOrEqual(kiosk.clock.now - downAt, 30)
        XCTAssertEqual(away.presented, usual.presented, "the same frames with the broker away as with it up")
        // Whatever the client did while the broker was away (each try to connect again included)
        // left the next frame on time: the loop's work between two frames stayed under one frame.
        XCTAssertLessThan(away.loop.longest, 1.0 / 60, "broker away: \(away.loop.summary); up: \(usual.loop.summary)")
        // The back-off: tried again after 1, 2, 4, 8 and 16 s (one of them still to come).
        let retries = kiosk.log.lines.filter { $0.contains("trying again in") }
        XCTAssertTrue([1, 2, 4, 8, 16].allSatisfy { wait in retries.contains { $0.contains("trying again in \(wait) s") } }, "\(retries)")
        // Changed while away: what the broker must learn on the reconnect.
        try kiosk.daemon.goTo("work", animated: false)
        kiosk.settle()
        XCTAssertEqual(kiosk.daemon.currentScreen, "work")

        let again = try MosquittoBroker(port: port)
        let watching = try again.subscribe("\(p)/#")
        var reconnected = false
        // A second of frames at a time, then real time for the connect and the publishing to go
        // through; the back-off's next try is at most 32 s off.
        for _ in 0..<40 where !reconnected {
            kiosk.frames(60)
            reconnected = kiosk.runLoop(limit: 0.3) { watching.last("\(p)/state/screen") == "work" }
        }
        XCTAssertTrue(reconnected, "\(kiosk.log.lines.suffix(10)) subscriber: \(watching.lines)")
        XCTAssertTrue(kiosk.log.lines.contains { $0.contains("MQTT: connected to") })
        // Retained on the new broker: a dashboard that starts now sees the panel as it is.
        let dashboard = try again.subscribe("\(p)/#")
        XCTAssertTrue(kiosk.runLoop(limit: 5) {
            dashboard.last("\(p)/state/screen") != nil && dashboard.last("\(p)/availability") != nil
                && dashboard.last("\(p)/state/screens") != nil
        }, "\(dashboard.lines)")
        XCTAssertEqual(dashboard.last("\(p)/state/screen"), "work")
        XCTAssertEqual(dashboard.last("\(p)/availability"), "online")
        XCTAssertEqual(dashboard.last("\(p)/state/screens"), "[\"home\",\"work\"]")
        withExtendedLifetime(control) {}
    }
}
