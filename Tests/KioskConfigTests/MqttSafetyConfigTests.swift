import XCTest
@testable import KioskConfig

/// Issue 40's config rules: `remote-press`, the client id's characters, unique discovery ids.
final class MqttSafetyConfigTests: XCTestCase {
    static let broker = "[mqtt]\nbroker = \"mqtt://127.0.0.1:1883\"\n"

    func testRemotePressIsOffUnlessTheButtonSaysSo() throws {
        let configuration = try XCTUnwrap(loadValid(Self.broker + """
            [[screen]]
            name = "home"
              [[screen.element]]
              type = "button"
              name = "door"
              action = "exec"
              command = ["/bin/true"]
              remote-press = true
              [[screen.element]]
              type = "button"
              name = "bell"
              action = "signal"
            """))
        let buttons = configuration.screens[0].buttons
        XCTAssertEqual(buttons.map(\.remotePress), [true, false])
        XCTAssertEqual(buttons.map(\.mayBePressedRemotely), [true, false])
        XCTAssertTrue(ButtonElement(title: "Go", target: "home").mayBePressedRemotely, "a goto button needs no opt-in")
        let found = diagnostics(Self.broker + """
            [[screen]]
            name = "home"
              [[screen.element]]
              type = "button"
              name = "door"
              action = "exec"
              command = ["/bin/true"]
              remote-press = "yes"
            """)
        XCTAssertTrue(found.contains { $0.hasPrefix("kiosk.toml:10:") }, "\(found)")
    }

    func testAClientIDWithWildcardsNulOrOver64CharactersIsRefusedAtItsLine() {
        for bad in ["hall#", "hall+1", String(repeating: "a", count: 65)] {
            let found = diagnostics(Self.broker + "client-id = \"\(bad)\"\n")
            XCTAssertEqual(found.count, 1, "\(bad): \(found)")
            XCTAssertTrue(found.first?.hasPrefix("kiosk.toml:3:13: ") == true && found.first?.contains("64") == true, "\(found)")
        }
        XCTAssertEqual(diagnostics(Self.broker + "client-id = \"hall\\u0000x\"\n").count, 1)
        XCTAssertEqual(loadValid(Self.broker + "client-id = \"\(String(repeating: "a", count: 64))\"\n")?.mqtt.clientID?.count, 64)
    }

    func testDiscoveryIdsThatWouldCollideAreNamed() {
        let found = diagnostics(Self.broker + """
            homeassistant = true
            [[screen]]
            name = "a_b"
              [[screen.element]]
              type = "button"
              name = "c"
              target = "a"
            [[screen]]
            name = "a"
              [[screen.element]]
              type = "button"
              name = "b_c"
              target = "a"
            """)
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertTrue(found.first?.hasPrefix("kiosk.toml:14:") == true, "\(found)")
        XCTAssertTrue(found.first?.contains("\"a_b\"") == true && found.first?.contains("\"b_c\"") == true, "\(found)")
        // Without discovery the names are fine.
        XCTAssertNotNil(loadValid(Self.broker + """
            [[screen]]
            name = "a_b"
              [[screen.element]]
              type = "button"
              name = "c"
              target = "a"
            [[screen]]
            name = "a"
              [[screen.element]]
              type = "button"
              name = "b_c"
              target = "a"
            """))
    }
}

extension MqttSafetyConfigTests {
    func testAPasswordFileMayNameSystemdsCredentials() {
        let base = Self.broker + "username = \"panel\"\n"
        XCTAssertEqual(loadValid(base + "password-file = \"$CREDENTIALS_DIRECTORY/mqtt-password\"\n")?.mqtt.passwordFile,
                       "$CREDENTIALS_DIRECTORY/mqtt-password")
        for bad in ["relative", "$CREDENTIALS_DIRECTORY/", "$HOME/password"] {
            XCTAssertEqual(diagnostics(base + "password-file = \"\(bad)\"\n").count, 1, bad)
        }
    }
}
