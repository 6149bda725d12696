import Foundation
import KioskProcessSupport
import XCTest

/// The configs in Config/ pass `swipe-kiosk check-config --deep` as they are, from a checkout and
/// where `make install-config` (the package's `make install`) puts them, run from another working
/// directory: the pictures and clips they name beside them are found from the config's folder.
final class ShippedConfigTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("shipped-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: scratch)
    }

    private var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The binary with `arguments`, run from / (as systemd starts the daemon).
    private func runFromRoot(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        let quoted = ([KioskProcess.binary] + arguments).map { "'\($0)'" }.joined(separator: " ")
        return try Command.run("/bin/sh", ["-c", "cd / && exec \(quoted)"])
    }

    private func assertChecks(_ configs: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertGreaterThanOrEqual(configs.count, 6, "every shipped config: \(configs)", file: file, line: line)
        for config in configs {
            let result = try runFromRoot(["check-config", "--deep", config])
            XCTAssertEqual(result.status, 0, "\(config):\n\(result.output)\(result.error)", file: file, line: line)
            XCTAssertTrue(result.output.contains(": OK — "), "\(config):\n\(result.output)\(result.error)", file: file, line: line)
        }
    }

    private func tomlFiles(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".toml") }.sorted()
            .map { folder.appendingPathComponent($0).path }
    }

    func testEveryShippedConfigPassesCheckConfigFromTheCheckout() throws {
        try assertChecks(try tomlFiles(in: repository.appendingPathComponent("Config")))
    }

    func testRenderDrawsTheDefaultConfigsLogoFromAnotherDirectory() throws {
        let out = scratch.appendingPathComponent("welcome.png").path
        let config = repository.appendingPathComponent("Config/kiosk.toml").path
        let result = try runFromRoot(["render", "--config", config, "--size", "800x480", "--out", scratch.path])
        XCTAssertEqual(result.status, 0, "render draws every picture it names or fails:\n\(result.output)\(result.error)")
        XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty, out)
    }

    func testTheInstalledConfigAndExamplesPassCheckConfigWhereMakeInstallsThem() throws {
        let root = scratch.appendingPathComponent("root")
        let make = try Command.run(try XCTUnwrap(Command.find("make")),
                                   ["-s", "-C", repository.path, "install-config", "DESTDIR=\(root.path)", "PREFIX=/usr"])
        XCTAssertEqual(make.status, 0, make.output + make.error)
        let installed = root.appendingPathComponent("etc/swipe-kiosk/kiosk.toml").path
        let examples = try tomlFiles(in: root.appendingPathComponent("usr/share/doc/swipe-kiosk/examples"))
        try assertChecks([installed] + examples)
    }
}
