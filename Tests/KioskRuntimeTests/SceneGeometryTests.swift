import Foundation
import KioskConfig
import KioskEngine
import KioskOptions
@testable import KioskRuntime
import KioskTouch
import Logging
import XCTest

/// Every command lays a config out through the one composition root (`SceneRoot`), so `run`,
/// `preview`, `render`, `demo` and `simulate` give the same geometry for the same `[display]`.
final class SceneGeometryTests: XCTestCase {
    private struct Case {
        var display: String
        var panel: PixelSize
        var rotation: Rotation
        var logical: Size
    }

    private static let cases = [
        Case(display: "size = \"240x160\"", panel: PixelSize(width: 240, height: 160), rotation: .none,
             logical: Size(width: 240, height: 160)),
        Case(display: "mode = \"320x200\"", panel: PixelSize(width: 320, height: 200), rotation: .none,
             logical: Size(width: 320, height: 200)),
        Case(display: "mode = \"320x200@30\"\nsize = \"240x160\"", panel: PixelSize(width: 320, height: 200), rotation: .none,
             logical: Size(width: 320, height: 200)),
        Case(display: "size = \"240x160\"\nrotation = 90", panel: PixelSize(width: 240, height: 160), rotation: .clockwise90,
             logical: Size(width: 160, height: 240)),
        Case(display: "mode = \"320x200\"\nsize = \"240x160\"\nrotation = 270", panel: PixelSize(width: 320, height: 200),
             rotation: .clockwise270, logical: Size(width: 200, height: 320)),
        Case(display: "mode = \"320x200\"\nrotation = 180", panel: PixelSize(width: 320, height: 200), rotation: .clockwise180,
             logical: Size(width: 320, height: 200)),
    ]

    static func configuration(_ display: String) throws -> KioskConfiguration {
        let text = """
            [display]
            \(display)
            [camera]
            source = "none"
            [[screen]]
            name = "one"
            background = "#d01010"
            [[screen]]
            name = "two"
            background = "#10d010"
            """
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("geometry-\(UUID().uuidString.prefix(8)).toml")
        try text.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        return try ConfigurationLoader.load(path: url.path).get()
    }

    /// `run`'s geometry: the daemon on the display `[display]` opens (headless here, as on a machine without a panel).
    private static func runGeometry(_ configuration: KioskConfiguration) throws -> SceneGeometry {
        let parts = try DaemonParts.real(for: configuration, backendOverride: .headless, logger: Logger(label: "test"))
        // Never started, so only its display is closed (`shutDown` took about 4 s per daemon here).
        let daemon = try KioskDaemon(configuration: configuration, configPath: nil, parts: parts, logger: Logger(label: "test"))
        defer { daemon.display.close() }
        return daemon.geometry
    }

    func testEveryCommandGivesTheSameGeometryForTheSameDisplaySection() throws {
        let trace = try EvemuParser.parse(DemoSwipeTrace().evemuText, file: "demo")
        for test in Self.cases {
            let configuration = try Self.configuration(test.display)
            let expected = SceneGeometry(panelSize: test.panel, rotation: test.rotation)
            XCTAssertEqual(expected.logicalSize, test.logical, test.display)
            let geometries: [(command: String, geometry: SceneGeometry)] = [
                ("render", ScreenRenderer(configuration: configuration).root.geometry),
                ("demo", DemoRunner(outputDirectory: "/nonexistent", configuration: configuration).geometry),
                ("simulate", try Simulator(configuration: configuration, recording: trace, eventsLog: try EventsLog(path: nil)).geometry),
                ("preview", PreviewSession.geometry(for: configuration)),
                ("run", try Self.runGeometry(configuration)),
            ]
            for (command, geometry) in geometries {
                XCTAssertEqual(geometry, expected, "\(command) with [display] \(test.display)")
            }
        }
    }
}
