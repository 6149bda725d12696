import CLinux
import XCTest
@testable import KioskDisplay

final class FbdevTimingTests: XCTestCase {
    func testRefreshRateComesFromThePixelClockAndBlanking() {
        // 1280x800 CVT reduced blanking at about 60 Hz: 71 MHz pixel clock, 1440x823 total.
        var info = fb_var_screeninfo()
        info.xres = 1280
        info.yres = 800
        info.left_margin = 80
        info.right_margin = 48
        info.hsync_len = 32
        info.upper_margin = 14
        info.lower_margin = 3
        info.vsync_len = 6
        info.pixclock = 14085  // picoseconds per pixel
        XCTAssertEqual(FbdevDisplay.refreshRate(of: info), 59.9, accuracy: 0.1)
        info.pixclock = 0
        XCTAssertEqual(FbdevDisplay.refreshRate(of: info), 60, "drivers that report no timings")
    }
}
