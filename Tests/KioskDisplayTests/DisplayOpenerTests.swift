import KioskOptions
import XCTest
@testable import KioskDisplay

final class DisplayOpenerTests: XCTestCase {
    private struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    private func attempts(drm: Bool, fbdev: Bool) -> [DisplayBackend: () throws -> any Display] {
        let headless: () throws -> any Display = { try HeadlessDisplay(width: 320, height: 240, virtualClock: true) }
        return [
            .drm: { if drm { return try headless() }; throw Unavailable(description: "/dev/dri: no DRM cards (no KMS driver loaded?)") },
            .fbdev: { if fbdev { return try headless() }; throw Unavailable(description: "/dev/fb0: No such file or directory") },
            .headless: headless,
        ]
    }

    func testAutoFallsBackAndSaysWhy() throws {
        let result = try DisplayOpener.open(DisplayOptions(backend: .auto), attempts: attempts(drm: false, fbdev: false))
        XCTAssertTrue(result.display is HeadlessDisplay)
        XCTAssertEqual(result.log, [
            "display: drm unavailable: /dev/dri: no DRM cards (no KMS driver loaded?)",
            "display: fbdev unavailable: /dev/fb0: No such file or directory",
            "display: using headless (320x240 at 60 Hz)",
        ])
    }

    func testAutoStopsAtTheFirstThatOpens() throws {
        let result = try DisplayOpener.open(DisplayOptions(backend: .auto), attempts: attempts(drm: false, fbdev: true))
        XCTAssertEqual(result.log.count, 2)
        XCTAssertEqual(result.log.last, "display: using fbdev (320x240 at 60 Hz)")
    }

    func testANamedBackendDoesNotFallBack() {
        XCTAssertThrowsError(try DisplayOpener.open(DisplayOptions(backend: .drm), attempts: attempts(drm: false, fbdev: true))) {
            XCTAssertTrue("\($0)".contains("no KMS driver"), "\($0)")
        }
    }
}
