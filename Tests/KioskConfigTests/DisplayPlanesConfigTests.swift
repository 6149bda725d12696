import KioskOptions
import XCTest
@testable import KioskConfig

final class DisplayPlanesConfigTests: XCTestCase {
    func testPlanesIsAutoUnlessTheFileSaysOff() {
        XCTAssertEqual(loadValid("")?.display.planes, .auto)
        XCTAssertEqual(loadValid("[display]\nplanes = \"off\"\n")?.display.planes, .off)
    }

    func testAnUnknownPlanesValueIsRefusedAtItsLineWithTheChoices() {
        let found = diagnostics("[display]\nplanes = \"on\"\n")
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found[0].hasPrefix("kiosk.toml:2:") && found[0].contains("\"auto\"") && found[0].contains("\"off\""), "\(found)")
    }

    func testChangingPlanesNeedsARestart() throws {
        let running = try XCTUnwrap(loadValid(""))
        let edited = try XCTUnwrap(loadValid("[display]\nplanes = \"off\"\n"))
        XCTAssertEqual(running.restartOnlyChanges(to: edited), ["[display] planes"])
    }
}
