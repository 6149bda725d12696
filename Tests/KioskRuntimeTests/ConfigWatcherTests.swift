import Foundation
import Glibc
import KioskRuntime
import XCTest

final class ConfigWatcherTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    func testARenameOverTheConfigIsASaveAndOtherFilesInTheFolderAreNot() throws {
        try "a = 1\n".write(toFile: path("kiosk.toml"), atomically: false, encoding: .utf8)
        let watcher = try ConfigWatcher(configPath: path("kiosk.toml"))
        try "scratch".write(toFile: path("notes.txt"), atomically: false, encoding: .utf8)
        XCTAssertFalse(watcher.readChanges())
        // An editor's save: a temporary file renamed over the original.
        try "a = 2\n".write(toFile: path(".kiosk.toml.swp"), atomically: false, encoding: .utf8)
        XCTAssertEqual(rename(path(".kiosk.toml.swp"), path("kiosk.toml")), 0)
        XCTAssertTrue(watcher.readChanges())
        XCTAssertFalse(watcher.readChanges(), "the events were drained")
        // A plain write in place.
        try "a = 3\n".write(toFile: path("kiosk.toml"), atomically: false, encoding: .utf8)
        XCTAssertTrue(watcher.readChanges())
    }

    func testAnEditedPictureTheConfigNamesIsASave() throws {
        try FileManager.default.createDirectory(atPath: path("pictures"), withIntermediateDirectories: true)
        try "a = 1\n".write(toFile: path("kiosk.toml"), atomically: false, encoding: .utf8)
        try Data([1]).write(to: URL(fileURLWithPath: path("pictures/logo.png")))
        let watcher = try ConfigWatcher(configPath: path("kiosk.toml"), files: [path("pictures/logo.png")])
        try Data([1]).write(to: URL(fileURLWithPath: path("pictures/other.png")))
        XCTAssertFalse(watcher.readChanges())
        try Data([2]).write(to: URL(fileURLWithPath: path("pictures/logo.png")))
        XCTAssertTrue(watcher.readChanges())
    }
}
