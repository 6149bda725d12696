import KioskConfig
import KioskOptions
import XCTest

/// `[display] mode` is parsed here, once; the display module receives numbers.
final class DisplayModeParsingTests: XCTestCase {
    func testParsesSizeAndOptionalRate() {
        XCTAssertEqual(ModeRequest(parsing: "800x600"), ModeRequest(size: PixelSize(width: 800, height: 600)))
        XCTAssertEqual(ModeRequest(parsing: "1280x800@75"), ModeRequest(size: PixelSize(width: 1280, height: 800), refreshRate: 75))
        XCTAssertEqual(ModeRequest(parsing: "1920x1080@59.94"), ModeRequest(size: PixelSize(width: 1920, height: 1080), refreshRate: 59.94))
    }

    func testRejectsMalformedModes() {
        for text in ["", "800", "800x", "x600", "800x600x2", "0x600", "-800x600", "800x600@", "800x600@fast",
                     "800x600@0", "800x600@60@60", "800 x 600", "800by600",
                     "+5x+5", "+800x600", "800x+600", "800x600@+60", "800x600@1e2", "８００x600"] {
            XCTAssertNil(ModeRequest(parsing: text), "'\(text)' was accepted")
        }
    }
}
