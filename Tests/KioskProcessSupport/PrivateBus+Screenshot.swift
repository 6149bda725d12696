import Foundation
import KioskCompositor
import KioskEngine
import XCTest

extension PrivateBus {
    /// What the kiosk on this bus shows: `swipe-kiosk ctl screenshot` into `directory`, decoded.
    package func screenshot(into directory: URL) throws -> PixelBuffer {
        let file = directory.appendingPathComponent("shot.png").path
        let result = try ctl(["screenshot", file])
        XCTAssertEqual(result.status, 0, result.error)
        return try ImageDecoder.decode(contentsOf: file)
    }
}
