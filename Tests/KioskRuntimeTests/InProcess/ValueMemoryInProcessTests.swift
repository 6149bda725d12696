import Foundation
import KioskEngine
@testable import KioskRuntime
import KioskTestSupport
import XCTest

/// A value that keeps changing (a seconds clock, a sensor) must not keep a surface per text it
/// ever showed: the compositor's caches stay at a fixed size however long the kiosk runs.
final class ValueMemoryInProcessTests: XCTestCase {
    private static let config = """
        [display]
        backend = "headless"
        size = "640x400"
        [camera]
        source = "none"
        [[value]]
        name = "now"
        source = "clock"
        format = "%H:%M:%S"
        [[screen]]
        name = "lobby"
        background = "#102030"
          [[screen.element]]
          type = "text"
          x = 20
          y = 20
          width = 400
          height = 80
          text = "{now}"
        [[screen]]
        name = "second"
        background = "#203010"
          [[screen.element]]
          type = "card"
          title = "Next door"
          text = "The time is {now}"
        """

    func testTenThousandClockTicksKeepTheCachesAtAFixedSize() throws {
        let kiosk = try DaemonHarness(config: Self.config)
        kiosk.settle()
        let compositor = kiosk.daemon.pacer.compositor
        kiosk.clock.advance(to: kiosk.clock.now + 1)
        kiosk.frames(2)
        let start = compositor.cacheSize
        let presented = kiosk.display.presentedFrameCount
        var largest = start
        for _ in 0..<10_000 {
            kiosk.clock.advance(to: kiosk.clock.now + 1)
            kiosk.frames(2)
            let now = compositor.cacheSize
            largest = (max(largest.surfaces, now.surfaces), max(largest.bytes, now.bytes), max(largest.textLayouts, now.textLayouts))
        }
        XCTAssertGreaterThanOrEqual(kiosk.display.presentedFrameCount - presented, 10_000, "each tick drew the new second")
        XCTAssertEqual(largest.surfaces, start.surfaces, "surfaces: \(start) at the start, at most \(largest)")
        XCTAssertEqual(largest.bytes, start.bytes, "bytes: \(start) at the start, at most \(largest)")
        XCTAssertEqual(largest.textLayouts, start.textLayouts, "text layouts: \(start) at the start, at most \(largest)")
    }

    func testAReplacedSceneReleasesTheOldScreensSurfaces() throws {
        let kiosk = try DaemonHarness(config: Self.config)
        kiosk.settle()
        let compositor = kiosk.daemon.pacer.compositor
        let before = compositor.cacheSize
        for round in 0..<20 {
            try kiosk.rewriteConfig(Self.config.replacingOccurrences(of: "Next door", with: "Next door \(round)"))
            XCTAssertEqual(kiosk.daemon.reload(), .applied)
            kiosk.frames(2)
        }
        XCTAssertEqual(compositor.cacheSize.surfaces, before.surfaces, "the old scenes' surfaces went with them")
    }
}
