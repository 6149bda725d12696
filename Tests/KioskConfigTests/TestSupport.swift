import Foundation
import XCTest
@testable import KioskConfig

/// Parses `text` and fails the test if it does not load.
func loadValid(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> KioskConfiguration? {
    switch ConfigurationLoader.parse(text, fileName: "kiosk.toml") {
    case .success(let configuration):
        return configuration
    case .failure(let error):
        XCTFail("expected a valid configuration, got:\n\(error)", file: file, line: line)
        return nil
    }
}

/// Parses `text` and returns its diagnostics as printed (`kiosk.toml:L:C: message`); fails the test if it loads.
func diagnostics(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
    switch ConfigurationLoader.parse(text, fileName: "kiosk.toml") {
    case .success:
        XCTFail("expected diagnostics, the configuration loaded", file: file, line: line)
        return []
    case .failure(let error):
        return error.diagnostics.map(\.description)
    }
}

/// The repository's Config/ folder, found from this file's path.
func repositoryConfigFile(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Config").appendingPathComponent(name).path
}

/// A fresh file in the temporary directory, removed by the caller's tearDown.
func temporaryFile(_ contents: String) throws -> String {
    let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("kiosk-config-test-\(UUID().uuidString).toml").path
    try contents.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}
