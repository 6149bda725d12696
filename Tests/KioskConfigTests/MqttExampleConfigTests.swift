import Foundation
import XCTest
@testable import KioskConfig

/// What Config/ tells an integrator about `[mqtt]`: the reference config documents every key the
/// loader reads, and the Home Assistant example is a config `check-config` accepts.
final class MqttExampleConfigTests: XCTestCase {
    /// The keys `[mqtt]` reads, from the loader's own "valid keys" list, so a key added later
    /// must be documented too.
    private func mqttKeys() throws -> [String] {
        let found = diagnostics("[mqtt]\nbroker = \"mqtt://127.0.0.1:1883\"\nzzz = 1\n")
        let message = try XCTUnwrap(found.first { $0.contains("unknown key 'zzz'") }, "\(found)")
        let list = try XCTUnwrap(message.range(of: "valid keys: "), message)
        return message[list.upperBound...].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    func testTheReferenceConfigDocumentsEveryMqttKey() throws {
        let keys = try mqttKeys()
        XCTAssertTrue(keys.contains("broker") && keys.contains("homeassistant"), "\(keys)")
        let text = try String(contentsOfFile: repositoryConfigFile("kiosk.toml"), encoding: .utf8)
        // The commented-out [mqtt] section: from its header to the first blank line.
        let header = try XCTUnwrap(text.range(of: "# [mqtt]\n"), "Config/kiosk.toml has a commented-out [mqtt] section")
        let section = String(text[header.upperBound...]).components(separatedBy: "\n\n")[0]
        for key in keys {
            XCTAssertTrue(section.contains("# \(key) = "), "Config/kiosk.toml's [mqtt] section documents '\(key)':\n\(section)")
        }
    }

    func testTheHomeAssistantExampleIsAcceptedByCheckConfig() throws {
        let check = ConfigurationCheck(path: repositoryConfigFile("homeassistant.toml"))
        XCTAssertTrue(check.isValid, check.report)
        let configuration = try XCTUnwrap(check.configuration)
        XCTAssertNotNil(configuration.mqtt.broker)
        XCTAssertTrue(configuration.mqtt.homeAssistant)
        XCTAssertTrue(configuration.values.contains { $0.source.kind == .mqtt }, "a value from a topic")
    }
}
