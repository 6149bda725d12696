import Foundation
import KioskTestFixtures
import XCTest
@testable import KioskConfig

/// A relative picture, video or value-file path in a config file is read from the config file's
/// folder, whatever the working directory: the daemon (started from /), its reloads, `check-config`,
/// `render` and `preview` all load through `ConfigurationLoader.load(path:)` or `ConfigurationCheck`.
final class RelativePathTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("relative-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("pictures"), withIntermediateDirectories: true)
        try Data(OversizedPicture.png(width: 4, height: 4)).write(to: folder.appendingPathComponent("pictures/logo.png"))
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    private static let config = """
        [camera]
        source = "video"
        path = "clips"
        [[value]]
        name = "queue"
        source = "file"
        path = "../queue.txt"
        [[screen]]
        name = "a"
          [[screen.element]]
          type = "image"
          path = "pictures/logo.png"
          [[screen.element]]
          type = "video"
          path = "rtsp://127.0.0.1/door"
          [[screen.element]]
          type = "video"
          path = "/srv/clip.mp4"
        """

    private func write(_ text: String) throws -> String {
        let path = folder.appendingPathComponent("kiosk.toml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func paths(_ configuration: KioskConfiguration) -> [String] {
        var found = [configuration.camera.path ?? "none"]
        for value in configuration.values {
            if case .file(let path, _) = value.source { found.append(path) }
        }
        for element in configuration.screens[0].elements {
            switch element.kind {
            case .image(let image): found.append(image.path)
            case .video(let video): found.append(video.path)
            default: break
            }
        }
        return found
    }

    func testRelativePathsAreReadFromTheConfigFilesFolderAbsoluteOnesAndURIsAsWritten() throws {
        let path = try write(Self.config)
        let configuration = try ConfigurationLoader.load(path: path).get()
        XCTAssertEqual(paths(configuration), [folder.path + "/clips", folder.path + "/../queue.txt",
                                              folder.path + "/pictures/logo.png", "rtsp://127.0.0.1/door", "/srv/clip.mp4"])
    }

    func testAReloadReadsThemAsTheStartDid() throws {
        let path = try write(Self.config)
        let started = try ConfigurationLoader.load(path: path).get()
        var reloader = ConfigurationReloader(path: path, current: started)
        guard case .unchanged = reloader.reload() else { return XCTFail("the same file reloaded must be unchanged") }
        _ = try write(Self.config.replacingOccurrences(of: "\"clips\"", with: "\"other\""))
        guard case .applied(let reloaded) = reloader.reload() else { return XCTFail("the changed file must apply") }
        XCTAssertEqual(reloaded.camera.path, folder.path + "/other")
    }

    func testCheckConfigFindsAPictureBesideTheConfigFromAnotherWorkingDirectory() throws {
        XCTAssertNotEqual(FileManager.default.currentDirectoryPath, folder.path)
        let path = try write("[[screen]]\nname = \"a\"\n  [[screen.element]]\n  type = \"image\"\n  path = \"pictures/logo.png\"\n")
        let check = ConfigurationCheck(path: path)
        XCTAssertTrue(check.isValid, check.report)
        let missing = try write("[[screen]]\nname = \"a\"\n  [[screen.element]]\n  type = \"image\"\n  path = \"logo.png\"\n")
        XCTAssertTrue(ConfigurationCheck(path: missing).report.contains("screen.element.path: \(folder.path)/logo.png: "),
                      "a missing picture is named where it was looked for: \(ConfigurationCheck(path: missing).report)")
    }

    func testAConfigNamedRelativelyIsReadFromTheWorkingDirectory() {
        let here = FileManager.default.currentDirectoryPath
        XCTAssertEqual(ConfigurationLoader.folder(of: "kiosk.toml"), here)
        XCTAssertEqual(ConfigurationLoader.folder(of: "Config/kiosk.toml"), here + "/Config")
        XCTAssertEqual(ConfigurationLoader.folder(of: "/etc/swipe-kiosk/kiosk.toml"), "/etc/swipe-kiosk")
    }

    /// The built-in demo is no file: its paths stay as written.
    func testTextWithoutAFolderKeepsItsPathsAsWritten() throws {
        let configuration = try ConfigurationLoader.parse(Self.config, fileName: "<demo>").get()
        XCTAssertEqual(paths(configuration), ["clips", "../queue.txt", "pictures/logo.png", "rtsp://127.0.0.1/door", "/srv/clip.mp4"])
    }
}
