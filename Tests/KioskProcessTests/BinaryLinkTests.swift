import Foundation
import KioskProcessSupport
import XCTest

/// What the panel binary needs from the system: SDL2 is loaded only when a desktop window opens.
final class BinaryLinkTests: XCTestCase {
    func testThePanelBinaryDoesNotLinkSDL() throws {
        guard let ldd = Command.find("ldd") else { throw XCTSkip("ldd is missing") }
        let result = try Command.run(ldd, [KioskProcess.binary])
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertTrue(result.output.contains("libpixman"), "ldd lists the libraries: \(result.output)")
        // X11 and xcb still come in through Debian's libcairo2 (its xlib and xcb surfaces).
        XCTAssertFalse(result.output.contains("libSDL2"), result.output)
        XCTAssertFalse(result.output.contains("libwayland"), result.output)
    }
}
