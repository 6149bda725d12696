import Foundation
import KioskProcessSupport
import XCTest

/// Every command that takes `--config` takes it with one meaning and one help line.
final class ConfigOptionTests: XCTestCase {
    func testTheFiveCommandsShareOneConfigOption() throws {
        var lines: Set<String> = []
        for command in ["run", "simulate", "demo", "render", "preview"] {
            let help = try Command.run(KioskProcess.binary, [command, "--help"])
            XCTAssertEqual(help.status, 0, help.error)
            // In OPTIONS (after the usage line), its help, which may wrap, up to the next option.
            let text = help.output.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "  ", with: " ")
            guard let start = text.range(of: "--config <config>", options: .backwards) else { return XCTFail("\(command) has no --config: \(help.output)") }
            let rest = text[start.upperBound...]
            let end = rest.range(of: " -")?.lowerBound ?? rest.endIndex
            lines.insert(rest[..<end].split(separator: " ").joined(separator: " "))
        }
        XCTAssertEqual(lines.count, 1, "\(lines)")
        XCTAssertTrue(lines.first?.contains("the built-in demo where there is none") == true, "\(lines)")
    }

    func testPreviewWithoutAConfigFileSaysWhatItNeeds() throws {
        guard !FileManager.default.fileExists(atPath: "/etc/swipe-kiosk/kiosk.toml") else {
            throw XCTSkip("/etc/swipe-kiosk/kiosk.toml exists here, so preview would show it")
        }
        let result = try Command.run(KioskProcess.binary, ["preview"])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.error.contains("pass --config FILE"), result.error)
    }
}
