import Glibc
import XCTest
@testable import KioskDisplay

final class DeviceListingTests: XCTestCase {
    func testListsConnectorsModesAndWhyACardCouldNotBeOpened() {
        let listing = DeviceListing.scan(
            driDirectoryExists: true,
            cardPaths: ["/dev/dri/card0", "/dev/dri/card1"],
            openCard: { path in
                guard path == "/dev/dri/card0" else { throw DisplayError.systemCall("open", device: path, errno: EACCES) }
                return FakeDRMDevice.singleHDMI()
            },
            framebufferPaths: ["/dev/fb0"],
            describeFramebuffer: { _ in "1280x800, 32 bits per pixel, about 60 Hz" }
        )
        XCTAssertEqual(listing.cards[0].connectors.map(\.name), ["DP-1", "HDMI-A-1"])
        XCTAssertNotNil(listing.cards[1].problem)
        let report = listing.report
        XCTAssertTrue(report.contains("HDMI-A-1: connected"), report)
        XCTAssertTrue(report.contains("modes: 1280x800@75 (preferred), 800x600@60"), report)
        XCTAssertTrue(report.contains("/dev/dri/card1: cannot open") && report.contains("'video' group"), report)
        XCTAssertTrue(report.contains("/dev/fb0: 1280x800, 32 bits per pixel"), report)
        XCTAssertTrue(listing.notes.isEmpty)
    }

    func testExplainsAMissingKMSDriver() {
        let listing = DeviceListing.scan(driDirectoryExists: false, cardPaths: [], openCard: { _ in FakeDRMDevice.singleHDMI() },
                                         framebufferPaths: [], describeFramebuffer: { _ in "" })
        XCTAssertTrue(listing.report.contains("no /dev/dri: no KMS driver is loaded"), listing.report)
        XCTAssertTrue(listing.report.contains("no /dev/fb*"), listing.report)
    }

    func testRecognisesDRMHotplugUevents() {
        let hotplug = Array("change@/devices/pci0000:00/0000:00:02.0/drm/card0\0ACTION=change\0SUBSYSTEM=drm\0HOTPLUG=1\0DEVNAME=dri/card0\0".utf8)
        let other = Array("add@/devices/virtual/input/input9\0ACTION=add\0SUBSYSTEM=input\0".utf8)
        XCTAssertTrue(HotplugMonitor.isDRMHotplug(hotplug))
        XCTAssertFalse(HotplugMonitor.isDRMHotplug(other))
    }
}
