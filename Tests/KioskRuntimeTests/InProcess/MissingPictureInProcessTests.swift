import Foundation
import KioskCompositor
import KioskEngine
@testable import KioskRuntime
import KioskTestSupport
import XCTest

/// The daemon stays forgiving about a picture it cannot draw: it starts, logs the problem once
/// naming the file, shows nothing there, and shows the picture once a good file is at the path.
final class MissingPictureInProcessTests: XCTestCase {
    func testAMissingPictureIsLoggedOnceAndShownWhenAGoodFileAppears() throws {
        let picture = FileManager.default.temporaryDirectory.appendingPathComponent("later-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: picture) }
        let harness = try DaemonHarness(config: """
            [display]
            backend = "headless"
            [camera]
            source = "none"
            [indicator]
            enabled = false
            [[screen]]
            name = "home"
            background = "#102030"
              [[screen.element]]
              type = "image"
              x = 0
              y = 0
              width = 100
              height = 100
              fit = "fill"
              path = "\(picture)"
            """)
        harness.frames(2)
        let mentions = { harness.log.lines.filter { $0.contains(picture) } }
        XCTAssertEqual(mentions().count, 1, "\(harness.log.lines)")
        XCTAssertEqual(harness.daemon.lastUprightFrame[50, 50] & 0xFF_FFFF, 0x10_2030, "nothing is drawn for the picture")
        // Tried again every few seconds, without another log line while the file is still missing.
        for _ in 0..<3 {
            harness.clock.advance(to: harness.clock.now + RenderPacer.contentRetryInterval + 0.1)
            harness.frames(2)
        }
        XCTAssertEqual(mentions().count, 1, "\(mentions())")

        let good = PixelBuffer(width: 4, height: 4)
        good.fill(0xFF20_C040)
        try PNGWriter.write(good, to: picture)
        harness.clock.advance(to: harness.clock.now + RenderPacer.contentRetryInterval + 0.1)
        harness.frames(2)
        XCTAssertEqual(harness.daemon.lastUprightFrame[50, 50] & 0xFF_FFFF, 0x20_C040, "the good file is shown")
        XCTAssertEqual(mentions().count, 1)
    }
}
