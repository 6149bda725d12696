import Foundation
import Glibc
@testable import KioskRuntime
import KioskProcessSupport
import KioskTestSupport
import XCTest

/// A broker that takes the TCP connection but never answers: each attempt is given up after 10 s
/// however long `keepalive` is (it was the keepalive, up to an hour).
final class MqttSilentBrokerInProcessTests: XCTestCase {
    func testASilentBrokerIsGivenUpAfter10SecondsWhateverTheKeepalive() throws {
        // A listening socket nobody accepts on: the kernel completes the handshake, nothing answers.
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, size) == 0 && listen(listener, 4) == 0
                && getsockname(listener, $0, &size) == 0 }
        }
        XCTAssertTrue(bound)
        let port = Int(UInt16(bigEndian: address.sin_port))
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
            client-id = "silent-kiosk"
            keepalive = 3600
            [[screen]]
            name = "home"
            """)
        kiosk.settle()
        let control = KioskControl(daemon: kiosk.daemon, logger: kiosk.log.logger)
        _ = kiosk.runLoop(limit: 0.3) { false }
        for _ in 0..<11 {
            kiosk.clock.advance(to: kiosk.clock.now + 1)
            _ = kiosk.runLoop(limit: 0.05) { false }
        }
        XCTAssertTrue(kiosk.log.contains("did not answer within 10 s; trying again in 1 s"), "\(kiosk.log.lines)")
        withExtendedLifetime(control) {}
    }
}
