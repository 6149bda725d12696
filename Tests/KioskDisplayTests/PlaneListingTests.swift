import XCTest
@testable import KioskDisplay

final class PlaneListingTests: XCTestCase {
    func testListsEachCrtcsPlanesWithKindFormatsAndPossibleCrtcs() {
        let device = FakeDRMDevice.singleHDMI()
        device.planeList = [
            DRMPlaneInfo(id: 50, kind: .primary, possibleCrtcs: 0b01, formats: [.xrgb8888, .argb8888]),
            DRMPlaneInfo(id: 51, kind: .overlay, possibleCrtcs: 0b11, formats: [.argb8888, .nv12, .yuyv], zpos: 3),
            DRMPlaneInfo(id: 52, kind: .cursor, possibleCrtcs: 0b10, formats: [.argb8888]),
        ]
        let listing = DeviceListing.scan(driDirectoryExists: true, cardPaths: ["/dev/dri/card0"], openCard: { _ in device },
                                         framebufferPaths: [], describeFramebuffer: { _ in "" })
        XCTAssertEqual(listing.cards[0].crtcs.map(\.id), [40, 41])
        XCTAssertEqual(listing.cards[0].crtcs.map { $0.planes.map(\.id) }, [[50, 51], [51, 52]])
        let report = listing.report
        XCTAssertTrue(report.contains("CRTC 40: 2 planes"), report)
        XCTAssertTrue(report.contains("plane 50 primary, CRTCs 40: XR24 AR24"), report)
        XCTAssertTrue(report.contains("plane 51 overlay, zpos 3, CRTCs 40 41: AR24 NV12 YUYV"), report)
        XCTAssertTrue(report.contains("plane 52 cursor, CRTCs 41: AR24"), report)
    }

    func testListsWritebackConnectorsWithTheirCrtcsTheConnectorsTheyCanRunBesideAndTheirFormats() {
        let device = FakeDRMDevice.singleHDMI()
        device.atomicSupported = true
        device.addWritebackConnector(possibleCrtcs: 0b10, formats: [.xrgb8888, .argb8888])
        let listing = DeviceListing.scan(driDirectoryExists: true, cardPaths: ["/dev/dri/card0"], openCard: { _ in device },
                                         framebufferPaths: [], describeFramebuffer: { _ in "" })
        XCTAssertEqual(listing.cards[0].connectors.map(\.name), ["DP-1", "HDMI-A-1"], "listed apart from the panels")
        XCTAssertTrue(listing.report.contains("    Writeback-1: writeback, CRTCs 41, beside DP-1 HDMI-A-1: XR24 AR24"), listing.report)

        let alone = FakeDRMDevice.singleHDMI()
        alone.atomicSupported = true
        alone.addWritebackConnector(clonesPanels: false)
        let report = DeviceListing.scan(driDirectoryExists: true, cardPaths: ["/dev/dri/card0"], openCard: { _ in alone },
                                        framebufferPaths: [], describeFramebuffer: { _ in "" }).report
        XCTAssertTrue(report.contains("    Writeback-1: writeback, CRTCs 40 41, beside no other connector: XR24"), report)
    }

    func testNamesFormatsAsFourCharacterCodes() {
        XCTAssertEqual(DRMFormat.xrgb8888.code, 0x3432_5258)  // DRM_FORMAT_XRGB8888 in drm_fourcc.h
        XCTAssertEqual(DRMFormat(code: 0x0000_0001).description, "0x1")
        XCTAssertEqual(DRMFormat.scanout(of: .yuyv), .yuyv)
        XCTAssertNil(DRMFormat.scanout(of: .mjpeg))
    }
}
