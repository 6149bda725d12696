import CKioskPixels
import Foundation
import KioskTestFixtures
import XCTest

/// The pixel kernels run one table of loops, chosen once: the fastest this CPU runs unless the
/// portable C is asked for; tests switch tables through the same choice (`PixelModes`).
final class PixelTableTests: XCTestCase {
    override func tearDown() {
        kiosk_pixels_force_portable(ProcessInfo.processInfo.environment["SWIPE_KIOSK_PIXELS"] == "portable" ? 1 : 0)
    }

    func testTheTablesRunFastestFirstEndWithThePortableOneAndIncludeTheBaselineVectorOne() {
        let tables = PixelModes.tables
        XCTAssertEqual(tables.last, "portable", "\(tables)")
        XCTAssertEqual(Set(tables).count, tables.count, "\(tables)")
        #if arch(x86_64)
        XCTAssertTrue(tables.contains("sse2"), "a clang build of x86_64 has the SSE2 vector loops: \(tables)")
        #elseif arch(arm64)
        XCTAssertEqual(tables.first, "neon", "a clang build of aarch64 runs the NEON vector loops first: \(tables)")
        #endif
        kiosk_pixels_force_portable(0)
        XCTAssertEqual(String(cString: kiosk_pixels_mode()), tables.first, "not forced, the fastest runs")
    }

    func testEachTableCanBeChosenAndAnUnknownOneIsRefusedKeepingTheChoice() {
        for table in PixelModes.tables {
            XCTAssertEqual(kiosk_pixels_use(table), 0, table)
            XCTAssertEqual(String(cString: kiosk_pixels_mode()), table)
            XCTAssertEqual(kiosk_pixels_portable_forced() != 0, table == "portable", "libyuv follows the portable choice: \(table)")
        }
        XCTAssertEqual(kiosk_pixels_use("mmx"), -1)
        XCTAssertEqual(String(cString: kiosk_pixels_mode()), "portable", "a refused name leaves the table that ran")
    }
}
