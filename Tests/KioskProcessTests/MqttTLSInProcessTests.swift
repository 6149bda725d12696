import Foundation
import KioskConfig
import KioskEngine
@testable import KioskRuntime
import KioskTestSupport
import KioskProcessSupport
import XCTest

/// `mqtts://` with a CA the test makes (openssl): the kiosk connects when `ca-file` holds the
/// broker's CA, and refuses a broker whose certificate that CA did not sign.
final class MqttTLSInProcessTests: XCTestCase {
    private func openssl(_ arguments: [String]) throws {
        guard let openssl = Command.find("openssl") else { throw XCTSkip("openssl is missing: install Debian's openssl") }
        let result = try Command.run(openssl, arguments)
        XCTAssertEqual(result.status, 0, result.error)
    }

    /// A CA, and a certificate for 127.0.0.1 it signed, in `directory`.
    private func makeCertificates(in directory: String, name: String) throws {
        try openssl(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=\(name) CA",
                     "-keyout", "\(directory)/\(name)-ca.key", "-out", "\(directory)/\(name)-ca.pem"])
        try openssl(["req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1",
                     "-keyout", "\(directory)/\(name).key", "-out", "\(directory)/\(name).csr"])
        try "subjectAltName = IP:127.0.0.1\n".write(toFile: "\(directory)/\(name).ext", atomically: true, encoding: .utf8)
        try openssl(["x509", "-req", "-in", "\(directory)/\(name).csr", "-CA", "\(directory)/\(name)-ca.pem",
                     "-CAkey", "\(directory)/\(name)-ca.key", "-CAcreateserial", "-days", "2",
                     "-extfile", "\(directory)/\(name).ext", "-out", "\(directory)/\(name).pem"])
        // Mosquitto started as root reads its files as the mosquitto user.
        chmod("\(directory)/\(name).key", 0o644)
    }

    func testTheKioskConnectsOverTLSCheckedAgainstItsCAFile() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("mqtt-tls-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try makeCertificates(in: scratch, name: "good")
        try makeCertificates(in: scratch, name: "other")
        let tlsPort = try MosquittoBroker.freePort()
        let broker = try MosquittoBroker(extraConfig: """
            listener \(tlsPort) 127.0.0.1
            cafile \(scratch)/good-ca.pem
            certfile \(scratch)/good.pem
            keyfile \(scratch)/good.key
            """)
        func kiosk(ca: String) throws -> (DaemonHarness, KioskControl) {
            let kiosk = try DaemonHarness(config: """
                [display]
                backend = "headless"
                size = "320x200"
                [camera]
                source = "none"
                [control]
                bus = "none"
                [mqtt]
                broker = "mqtts://127.0.0.1:\(tlsPort)"
                ca-file = "\(ca)"
                topic-prefix = "kiosk/tls"
                [[screen]]
                name = "home"
                """)
            kiosk.settle()
            return (kiosk, KioskControl(daemon: kiosk.daemon, logger: kiosk.log.logger))
        }
        // The plain listener sees what the TLS one was sent.
        let state = try broker.subscribe("kiosk/tls/#")
        let (good, goodControl) = try kiosk(ca: "\(scratch)/good-ca.pem")
        XCTAssertTrue(good.runLoop(limit: 5) { state.last("kiosk/tls/state/screen") == "home" }, "\(good.log.lines)")
        XCTAssertTrue(good.log.lines.contains { $0.contains("connected to mqtts://127.0.0.1:\(tlsPort)") })
        withExtendedLifetime(goodControl) {}

        let (wrong, wrongControl) = try kiosk(ca: "\(scratch)/other-ca.pem")
        XCTAssertTrue(wrong.runLoop(limit: 5) { wrong.log.lines.contains { $0.contains("trying again") } }, "\(wrong.log.lines)")
        XCTAssertFalse(wrong.log.lines.contains { $0.contains("MQTT: connected") }, "\(wrong.log.lines)")
        withExtendedLifetime(wrongControl) {}
    }
}
