import Foundation
import XCTest
@testable import KioskConfig

final class ReloadAndCheckTests: XCTestCase {
    private var paths: [String] = []

    override func tearDown() {
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
        paths = []
        super.tearDown()
    }

    private func file(_ contents: String) throws -> String {
        let path = try temporaryFile(contents)
        paths.append(path)
        return path
    }

    private func startReloader(_ contents: String) throws -> ConfigurationReloader {
        let path = try file(contents)
        let configuration = try ConfigurationLoader.load(path: path).get()
        return ConfigurationReloader(path: path, current: configuration)
    }

    func testBadFileIsRejectedAndTheRunningConfigurationStays() throws {
        var reloader = try startReloader("[transition]\nstyle = \"fade\"\n")
        try "[transition]\nstyle = \"fdae\"\nduration = 99\n".write(toFile: reloader.path, atomically: true, encoding: .utf8)
        guard case .rejected(let error) = reloader.reload() else { return XCTFail("a bad file must be rejected") }
        XCTAssertEqual(error.diagnostics.map { $0.position?.line }, [2, 3])
        XCTAssertEqual(reloader.current.transition.style, .fade)
    }

    func testAnEmptyFileIsRejectedAndTheRunningConfigurationStays() throws {
        var reloader = try startReloader("[transition]\nstyle = \"fade\"\n")
        // What an editor leaves for a moment when it truncates before writing.
        try " \n\n".write(toFile: reloader.path, atomically: true, encoding: .utf8)
        guard case .rejected(let error) = reloader.reload() else { return XCTFail("an empty file must be rejected") }
        XCTAssertTrue("\(error)".contains("\(reloader.path): is empty"), "\(error)")
        XCTAssertEqual(reloader.current.transition.style, .fade)
    }

    func testGoodFileReplacesTheRunningConfiguration() throws {
        var reloader = try startReloader("[transition]\nstyle = \"fade\"\n")
        try "[transition]\nstyle = \"cube\"\n".write(toFile: reloader.path, atomically: true, encoding: .utf8)
        guard case .applied(let configuration) = reloader.reload() else { return XCTFail("a good file must apply") }
        XCTAssertEqual(configuration.transition.style, .cube)
        XCTAssertEqual(reloader.current.transition.style, .cube)
    }

    func testUnchangedFileReportsUnchanged() throws {
        var reloader = try startReloader("[transition]\nstyle = \"fade\"\n")
        try "# same settings\n[transition]\nstyle = \"fade\"\n".write(toFile: reloader.path, atomically: true, encoding: .utf8)
        guard case .unchanged = reloader.reload() else { return XCTFail("the same settings must report unchanged") }
    }

    func testDeletedFileIsRejected() throws {
        // An empty file is refused at start too, so the defaults are written out.
        var reloader = try startReloader("[[screen]]\nname = \"home\"\n")
        try FileManager.default.removeItem(atPath: reloader.path)
        guard case .rejected(let error) = reloader.reload() else { return XCTFail("a missing file must be rejected") }
        XCTAssertEqual(error.diagnostics.count, 1)
        XCTAssertEqual(reloader.current, KioskConfiguration())
    }

    func testCheckSummarisesAValidFile() throws {
        let path = try file("""
        [display]
        backend = "drm"
        mode = "800x600"
        [camera]
        source = "v4l2"
        device = "/dev/video0"
        [transition]
        style = "overlap"
        duration = 0.33
        [[screen]]
        name = "a"
        [[screen]]
        name = "b"
        [[screen]]
        name = "c"
        """)
        let check = ConfigurationCheck(path: path)
        XCTAssertTrue(check.isValid)
        let name = URL(fileURLWithPath: path).lastPathComponent
        XCTAssertEqual(check.summary,
                       "\(name): OK — 3 screens, display drm 800x600, camera v4l2 /dev/video0, transition overlap 0.33 s")
        XCTAssertEqual(check.report, check.summary)
    }

    func testCheckListsEveryDiagnosticOfAnInvalidFile() throws {
        let path = try file("[display]\nbackend = \"x\"\nbuffers = 4\n")
        let check = ConfigurationCheck(path: path)
        XCTAssertFalse(check.isValid)
        XCTAssertNil(check.summary)
        XCTAssertNil(check.configuration)
        let lines = check.report.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2)
        XCTAssertTrue(lines[0].hasPrefix("\(path):2:11: display.backend"), lines[0])
        XCTAssertTrue(lines[1].hasPrefix("\(path):3:11: display.buffers: 4 is out of range; allowed 2...3"), lines[1])
    }

    func testSummaryOfTheDefaultsAndOfAHeadlessDisplay() {
        XCTAssertEqual(ConfigurationCheck.describe(KioskConfiguration()),
                       "1 screen, display auto preferred mode, camera pattern, transition overlap 0.33 s")
        XCTAssertEqual(ConfigurationCheck.describe(DemoConfiguration.configuration),
                       "3 screens, display headless 1280x800, camera pattern, transition overlap 0.33 s")
    }
}
