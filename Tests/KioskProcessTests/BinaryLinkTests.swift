import Foundation
import KioskProcessSupport
import XCTest

/// What the panel binary needs from the system: no window system. SDL2 is loaded only when a
/// desktop window opens, and text and PNG go through Pango on FreeType and libpng, not cairo,
/// whose Debian build links X11 and xcb.
final class BinaryLinkTests: XCTestCase {
    /// Libraries of a window system, or of cairo which brings X11 and xcb with it.
    static let windowSystemLibraries = ["libSDL2", "libX11", "libXext", "libXrender", "libxcb", "libwayland", "libcairo"]

    func testThePanelBinaryLinksNoWindowSystemLibrary() throws {
        guard let ldd = Command.find("ldd") else { throw XCTSkip("ldd is missing") }
        let result = try Command.run(ldd, [KioskProcess.binary])
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertTrue(result.output.contains("libpixman"), "ldd lists the libraries: \(result.output)")
        let linked = result.output.split(separator: "\n").filter { line in
            Self.windowSystemLibraries.contains { line.trimmingCharacters(in: .whitespaces).hasPrefix($0) }
        }
        XCTAssertEqual(linked, [], "the panel binary links a window system's library")
    }

    /// WPE WebKit runs in the web host (swipe-kiosk-web), never in the panel's process (issue 39).
    func testThePanelBinaryLinksNoWebKit() throws {
        guard let ldd = Command.find("ldd") else { throw XCTSkip("ldd is missing") }
        let result = try Command.run(ldd, [KioskProcess.binary])
        XCTAssertEqual(result.status, 0, result.error)
        let webKit = result.output.split(separator: "\n").filter { $0.lowercased().contains("wpe") || $0.contains("libsoup") }
        XCTAssertEqual(webKit, [], "the panel binary links WPE WebKit")
    }
}
