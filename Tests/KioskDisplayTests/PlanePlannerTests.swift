import KioskEngine
import KioskOptions
import XCTest
@testable import KioskDisplay

final class PlanePlannerTests: XCTestCase {
    /// vkms in 6.1 with enable_overlay=1: an RGB-only primary, an overlay with alpha, a cursor.
    static let vkmsPlanes = [
        DRMPlaneInfo(id: 31, kind: .primary, possibleCrtcs: 0b1, formats: [.xrgb8888, DRMFormat("XR48"), DRMFormat("RG16")]),
        DRMPlaneInfo(id: 33, kind: .overlay, possibleCrtcs: 0b1, formats: [.argb8888, .xrgb8888, DRMFormat("RG16")]),
        DRMPlaneInfo(id: 35, kind: .cursor, possibleCrtcs: 0b1, formats: [.argb8888]),
    ]
    /// A display controller whose primary scans YUV out (as vc4's planes do).
    static let yuvPlanes = [
        DRMPlaneInfo(id: 10, kind: .primary, possibleCrtcs: 0b1, formats: [.xrgb8888, .argb8888, .yuyv, .nv12]),
        DRMPlaneInfo(id: 11, kind: .overlay, possibleCrtcs: 0b1, formats: [.xrgb8888, .argb8888, .yuyv, .nv12]),
    ]
    let cameraScreen = PlaneSceneState(showsFeed: true)
    let screen = PixelSize(width: 1024, height: 768)

    func planner(_ planes: [DRMPlaneInfo], setting: DisplayPlanes = .auto, atomic: Bool = true) -> PlanePlanner {
        PlanePlanner(setting: setting, atomic: atomic, planes: planes, crtcIndex: 0, screen: screen)
    }

    func testVkmsPutsAConvertedFeedOnThePrimaryAndTheUIOnTheOverlay() {
        let plan = planner(Self.vkmsPlanes).plan(scene: cameraScreen, feed: PlaneFeed(format: .yuyv, size: screen))
        guard case .planes(let layouts) = plan else { return XCTFail("\(plan)") }
        XCTAssertEqual(layouts.count, 1)
        XCTAssertEqual(layouts[0].feedPlaneID, 31)
        XCTAssertEqual(layouts[0].feedFormat, .xrgb8888)
        XCTAssertEqual(layouts[0].feedBuffer, .convertedDumbBuffer)
        XCTAssertEqual(layouts[0].uiPlaneID, 33)
        XCTAssertEqual(layouts[0].uiFormat, .argb8888)
        XCTAssertEqual(layouts[0].description, "feed on plane 31 as XR24 (converted into a dumb buffer), UI on plane 33 as AR24")
    }

    func testPrefersTheCameraBufferItselfWhereAPlaneTakesItsFormat() {
        let plan = planner(Self.yuvPlanes).plan(scene: cameraScreen, feed: PlaneFeed(format: .nv12, size: screen))
        guard case .planes(let layouts) = plan else { return XCTFail("\(plan)") }
        XCTAssertEqual(layouts.first?.feedBuffer, .captureBuffer)
        XCTAssertEqual(layouts.first?.feedFormat, .nv12)
        XCTAssertEqual(layouts.first?.feedPlaneID, 10)
        XCTAssertEqual(layouts.first?.uiPlaneID, 11)
        XCTAssertEqual(layouts.last?.feedBuffer, .convertedDumbBuffer, "the converted layout stays as the next try")
    }

    func testAScaledZeroCopyLayoutComesAfterAnUnscaledOneAndCropsToFill() {
        let feed = PlaneFeed(format: .yuyv, size: PixelSize(width: 1280, height: 720))
        guard case .planes(let layouts) = planner(Self.yuvPlanes).plan(scene: cameraScreen, feed: feed) else { return XCTFail() }
        XCTAssertTrue(layouts[0].scalesFeed)
        // 1280x720 filling 1024x768 (4:3): the middle 960x720.
        XCTAssertEqual(layouts[0].feedSource, PixelRect(x: 160, y: 0, width: 960, height: 720))
        XCTAssertEqual(layouts.last?.feedSource, PixelRect(x: 0, y: 0, width: 1024, height: 768))
    }

    func testComposesAndSaysWhyWhenTheScreenNeedsTheCPU() {
        let feed = PlaneFeed(format: .yuyv, size: screen)
        let vkms = planner(Self.vkmsPlanes)
        XCTAssertEqual(vkms.plan(scene: PlaneSceneState(showsFeed: true, feedCovered: true), feed: feed), .compose(.feedCovered))
        XCTAssertEqual(vkms.plan(scene: PlaneSceneState(showsFeed: true, transitionRunning: true), feed: feed), .compose(.transitionRunning))
        XCTAssertEqual(vkms.plan(scene: PlaneSceneState(showsFeed: true, panelDark: true), feed: feed), .compose(.panelDark))
        XCTAssertEqual(vkms.plan(scene: PlaneSceneState(showsFeed: false), feed: feed), .compose(.noFeed))
        XCTAssertEqual(vkms.plan(scene: cameraScreen, feed: nil), .compose(.noFeed))
        XCTAssertEqual(planner(Self.vkmsPlanes, setting: .off).plan(scene: cameraScreen, feed: feed), .compose(.planesOff))
        XCTAssertEqual(planner(Self.vkmsPlanes, atomic: false).plan(scene: cameraScreen, feed: feed), .compose(.noAtomic))
        var rotated = vkms
        rotated.rotated = true
        XCTAssertEqual(rotated.plan(scene: cameraScreen, feed: feed), .compose(.rotated))
    }

    func testComposesWhenNoPlaneWithAlphaSitsAboveAFeedPlane() {
        let primaryOnly = [Self.vkmsPlanes[0], Self.vkmsPlanes[2]]
        let plan = planner(primaryOnly).plan(scene: cameraScreen, feed: PlaneFeed(format: .yuyv, size: screen))
        guard case .compose(.noPlanes(let detail)) = plan else { return XCTFail("\(plan)") }
        XCTAssertTrue(detail.contains("YUYV or XR24") && detail.contains("AR24"), detail)
        let otherCrtc = PlanePlanner(setting: .auto, atomic: true, planes: Self.vkmsPlanes, crtcIndex: 1, screen: screen)
        XCTAssertEqual(otherCrtc.plan(scene: cameraScreen, feed: PlaneFeed(format: .yuyv, size: screen)),
                       .compose(.noPlanes("no primary plane feeds CRTC index 1")))
    }

    func testZposPutsTheUIOnWhicheverPlaneIsOnTop() {
        // The primary above the overlay: the feed goes on the overlay, the UI on the primary.
        let planes = [
            DRMPlaneInfo(id: 10, kind: .primary, possibleCrtcs: 1, formats: [.argb8888, .xrgb8888], zpos: 2),
            DRMPlaneInfo(id: 11, kind: .overlay, possibleCrtcs: 1, formats: [.yuyv], zpos: 0),
        ]
        guard case .planes(let layouts) = planner(planes).plan(scene: cameraScreen, feed: PlaneFeed(format: .yuyv, size: screen))
        else { return XCTFail() }
        XCTAssertEqual(layouts.map(\.feedPlaneID), [11])
        XCTAssertEqual(layouts.map(\.uiPlaneID), [10])
    }
}
