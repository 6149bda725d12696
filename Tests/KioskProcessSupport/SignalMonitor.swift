import Foundation
import Glibc
import XCTest

/// `busctl monitor` on a private bus, collecting every signal until `stop()`.
package final class SignalMonitor {
    /// One argument of a signal: the simple types the kiosk's signals carry.
    package enum Value: Decodable, Equatable {
        case string(String)
        case bool(Bool)
        case int(Int)
        case other

        package init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                self = .string(text)
            } else if let flag = try? container.decode(Bool.self) {
                self = .bool(flag)
            } else if let number = try? container.decode(Int.self) {
                self = .int(number)
            } else {
                self = .other
            }
        }
    }

    /// The part of busctl's JSON for a message that the tests read.
    private struct Message: Decodable {
        package struct Payload: Decodable { var data: [Value] }
        package var type: String
        package var path: String?
        package var member: String?
        package var payload: Payload?
    }

    /// One signal as busctl's JSON shows it.
    package struct Signal: CustomStringConvertible {
        package var path: String
        package var member: String
        package var data: [Value]
        /// For PropertiesChanged: the names of the changed and invalidated properties.
        package var changedProperties: [String]

        package var description: String { "\(member)\(data)" }
    }

    private let process = Process()
    private let output: URL

    package init(address: String) throws {
        guard let busctl = Command.find("busctl") else { throw XCTSkip("busctl is missing: install Debian's systemd package") }
        output = FileManager.default.temporaryDirectory.appendingPathComponent("monitor-\(UUID().uuidString.prefix(8)).json")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: busctl)
        process.arguments = ["--address=\(address)", "monitor", "--json=short"]
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Until busctl has become a monitor, signals pass it by; it prints nothing to show that.
        usleep(500_000)
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        try? FileManager.default.removeItem(at: output)
    }

    /// Stops monitoring and returns the signals seen, in order.
    package func stop() -> [Signal] {
        usleep(200_000)
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard let message = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  message["type"] as? String == "signal",
                  let payload = message["payload"] as? [String: Any] else { return nil }
            var changed: [String] = []
            if let data = payload["data"] as? [Any], data.count == 3, let values = data[1] as? [String: Any],
               let invalidated = data[2] as? [String] {
                changed = values.keys.sorted() + invalidated
            }
            let decoded = try? JSONDecoder().decode(Message.self, from: Data(line.utf8))
            return Signal(path: decoded?.path ?? "", member: decoded?.member ?? "",
                          data: decoded?.payload?.data ?? [], changedProperties: changed)
        }
    }
}
