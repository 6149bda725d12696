import Foundation
@testable import KioskRuntime
import XCTest

/// `[mqtt] password-file`: read from a file only its owner and group may read, or from systemd's credentials.
final class MqttPasswordFileTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("password-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: directory)
    }

    private func write(_ name: String, mode: Int) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try "s3cret\nignored\n".write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertEqual(chmod(path, mode_t(mode)), 0)
        return path
    }

    func testAFileOthersMayReadIsRefusedWithTheReason() throws {
        let path = try write("world", mode: 0o644)
        XCTAssertThrowsError(try MqttPasswordFile(path: path).read()) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains(path) && text.contains("mode 644") && text.contains("chmod 0600"), text)
            XCTAssertFalse(text.contains("s3cret"))
        }
        XCTAssertEqual(try MqttPasswordFile(path: try write("owner", mode: 0o600)).read(), "s3cret")
        XCTAssertEqual(try MqttPasswordFile(path: try write("group", mode: 0o640)).read(), "s3cret")
    }

    func testACredentialsPathIsReadFromTheDirectorySystemdGives() throws {
        _ = try write("mqtt-password", mode: 0o400)
        let file = MqttPasswordFile(path: "$CREDENTIALS_DIRECTORY/mqtt-password")
        XCTAssertEqual(try file.read(environment: ["CREDENTIALS_DIRECTORY": directory.path]), "s3cret")
        XCTAssertThrowsError(try file.read(environment: [:])) { error in
            XCTAssertTrue("\(error)".contains("LoadCredential=mqtt-password:"), "\(error)")
        }
    }
}
