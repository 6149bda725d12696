import Foundation
import KioskConfig
@testable import KioskRuntime
import XCTest

/// The pictures `render` and `demo` write have the geometry the composition root gives: the
/// mode's size (over `size`), upright for `render`, as scanned out for `demo`'s frames. Slow for
/// an in-process test (the demo composes and writes a few hundred PNG frames).
final class RenderAndDemoSizeTests: XCTestCase {
    func testRenderAndDemoWriteFramesOfThePanelsSize() throws {
        let configuration = try SceneGeometryTests.configuration("mode = \"320x200\"\nsize = \"240x160\"\nrotation = 90")
        let rendered = try ScreenRenderer(configuration: configuration).render(screen: "one")
        XCTAssertEqual([rendered.width, rendered.height], [200, 320], "render's upright picture is the turned mode")

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = try DemoRunner(outputDirectory: folder.path, configuration: configuration).run()
        let first = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: report.framesDirectory).sorted().first)
        let png = try Data(contentsOf: URL(fileURLWithPath: report.framesDirectory).appendingPathComponent(first))
        func bigEndian(_ offset: Int) -> Int { png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        XCTAssertEqual([bigEndian(16), bigEndian(20)], [320, 200], "demo's frames are the panel's mode, as scanned out")
    }
}
