import KioskOptions
import XCTest
@testable import KioskConfig

/// `[camera] size`: "auto" (the default) lets the camera's offered size nearest the display be
/// chosen; "WxH" asks for that size; anything else names the key and what it takes.
final class CameraSizeConfigTests: XCTestCase {
    func testSizeIsAutomaticByDefaultAndWhenSaidSo() throws {
        XCTAssertNil(try XCTUnwrap(loadValid("[camera]\nsource = \"v4l2\"\n")).camera.size)
        XCTAssertNil(try XCTUnwrap(loadValid("[camera]\nsize = \"auto\"\n")).camera.size)
    }

    func testAnExplicitSizeIsKept() throws {
        XCTAssertEqual(try XCTUnwrap(loadValid("[camera]\nsize = \"1280x720\"\n")).camera.size, PixelSize(width: 1280, height: 720))
    }

    func testABadSizeNamesWhatIsAccepted() {
        XCTAssertEqual(diagnostics("[camera]\nsize = \"big\"\n"),
                       ["kiosk.toml:2:8: camera.size: expected \"auto\" or a size \"WxH\", found \"big\""])
    }
}
