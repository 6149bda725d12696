import Foundation
import KioskConfig
import KioskEngine
@testable import KioskRuntime
import KioskTestSupport
import KioskProcessSupport
import XCTest

/// A "broker" that accepts the connection and never says a word: the loop's turns stay short.
final class SilentBrokerInProcessTests: XCTestCase {
    func testABrokerThatNeverAnswersNeverHoldsUpTheLoop() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let port = try MosquittoBroker.freePort()
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        let size = socklen_t(MemoryLayout<sockaddr_in>.size)
        XCTAssertEqual(withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, size) } }, 0)
        XCTAssertEqual(listen(listener, 16), 0)
        let kiosk = try DaemonHarness(config: """
            [display]
            backend = "headless"
            size = "320x200"
            [camera]
            source = "none"
            [control]
            bus = "none"
            [mqtt]
            broker = "mqtt://127.0.0.1:\(port)"
            keepalive = 5
            [[screen]]
            name = "home"
            [[screen]]
            name = "work"
            """)
        kiosk.settle()
        let control = KioskControl(daemon: kiosk.daemon, logger: kiosk.log.logger)
        var loop = LoopTurnTimer()
        // Frames, turns of the loop and the client's timers through several connect deadlines; the
        // loop's own work between frames (events, timers: where the client waits if it ever does)
        // is what the silent broker could stretch.
        for round in 0..<200 {
            kiosk.clock.frameClock.tick()
            kiosk.daemon.frameTickDelivered()
            try loop.measure {
                _ = try kiosk.daemon.eventLoop.runOnce(timeoutMilliseconds: 0)
                kiosk.clock.fireDueTimers()
            }
            if round % 20 == 19 { kiosk.clock.advance(to: kiosk.clock.now + 11) }
            if round == 100 { try kiosk.daemon.goTo("work", animated: true) }
        }
        XCTAssertLessThan(loop.longest, 1.0 / 60, loop.summary)
        XCTAssertTrue(kiosk.log.lines.contains { $0.contains("did not answer within 10 s") }, "\(kiosk.log.lines)")
        XCTAssertEqual(kiosk.daemon.currentScreen, "work")
        withExtendedLifetime(control) {}
    }
}
