import Glibc
@testable import KioskDisplay
import XCTest

/// The console's refusal says what a service needs, not the DRM devices' 'video' group.
final class ConsoleGraphicsModeTests: XCTestCase {
    func testARefusedConsoleNamesTheTtyGroupAndTheCapabilityNotTheVideoGroup() {
        for code in [EACCES, EPERM] {
            let text = "\(ConsoleGraphicsMode.refusal("open", device: "/dev/tty0", errno: code))"
            XCTAssertTrue(text.hasPrefix("/dev/tty0: open failed: \(String(cString: strerror(code))) (the console needs root"), text)
            XCTAssertTrue(text.contains("SupplementaryGroups=tty and DeviceAllow=/dev/tty0 w"), text)
            XCTAssertTrue(text.contains("AmbientCapabilities=CAP_SYS_TTY_CONFIG with CapabilityBoundingSet=CAP_SYS_TTY_CONFIG for KDSETMODE"), text)
            XCTAssertFalse(text.contains("add the service user to the 'video' group"), text)
        }
        XCTAssertEqual(ConsoleGraphicsMode.refusal("open", device: "/dev/tty0", errno: ENOENT),
                       .systemCall("open", device: "/dev/tty0", errno: ENOENT), "other errors read as any device's")
    }
}
