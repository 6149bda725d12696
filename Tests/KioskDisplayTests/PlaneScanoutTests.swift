import Glibc
import KioskEngine
import KioskOptions
import XCTest
@testable import KioskDisplay

/// The camera's plane path against the fake card: the layout TEST_ONLY accepts, the fallback when
/// it refuses, and a swipe moving the feed into composition and out again, one commit a frame.
final class PlaneScanoutTests: XCTestCase {
    private let device = FakeDRMDevice.singleHDMI()
    private var messages: [String] = []
    private let plane = FakeDRMDevice.planeProperties
    private let screen = PixelSize(width: 640, height: 480)
    private let camera = PlaneSceneState(showsFeed: true)
    private let swiping = PlaneSceneState(showsFeed: true, transitionRunning: true)

    override func setUp() {
        device.atomicSupported = true
        // As vkms: the primary takes no alpha and no YUV, the overlay takes ARGB.
        device.planeList = [
            DRMPlaneInfo(id: 50, kind: .primary, possibleCrtcs: 0b11, formats: [.xrgb8888]),
            DRMPlaneInfo(id: 51, kind: .overlay, possibleCrtcs: 0b11, formats: [.argb8888, .xrgb8888]),
        ]
    }

    private func makeScanout() throws -> PlaneScanout {
        let output = DRMAtomicOutput(
            crtcID: 41, connectorID: 31, primaryPlaneID: 50, width: screen.width, height: screen.height,
            crtc: .init(active: 1001, modeID: 1002), connector: .init(crtcID: 1003),
            plane: try .init(plane, object: "plane 50", device: device.path))
        return try PlaneScanout.lookUp(on: device, output: output, crtcIndex: 1)
    }

    private func plan(_ scene: PlaneSceneState) -> PlanePlan {
        PlanePlanner(setting: .auto, atomic: true, planes: device.planeList, crtcIndex: 1, screen: screen)
            .plan(scene: scene, feed: PlaneFeed(format: .yuyv, size: screen))
    }

    /// One frame: its request committed as a flip, and the flip completed.
    private func show(_ scene: PlaneSceneState, with scanout: inout PlaneScanout, frame: UInt32) throws -> DRMAtomicRequest {
        let request = scanout.request(plan: plan(scene), device: device, composedFramebuffer: 100 + frame,
                                      framebuffers: { _ in (feed: 200 + frame, ui: 300 + frame) }, log: { self.messages.append($0) })
        try device.commit(request, flags: .flip)
        device.completeFlip(at: Double(frame) / 60, sequence: frame)
        return request
    }

    func testTheCameraScreenGoesOnTwoPlanesOnceTestOnlyAcceptsTheLayout() throws {
        var scanout = try makeScanout()
        let request = try show(camera, with: &scanout, frame: 0)
        XCTAssertEqual(device.calls.first, "test commit", "the layout is checked before it is shown")
        XCTAssertEqual(request.value(of: 50, plane["FB_ID"]!), 200, "the feed on the primary")
        XCTAssertEqual(request.value(of: 51, plane["FB_ID"]!), 300, "the UI on the overlay")
        XCTAssertEqual(request.value(of: 51, plane["CRTC_ID"]!), 41)
        XCTAssertEqual(request.value(of: 51, plane["CRTC_W"]!), 640)
        XCTAssertEqual(request.value(of: 51, plane["SRC_H"]!), 480 << 16)
        _ = try show(camera, with: &scanout, frame: 1)
        XCTAssertEqual(device.calls.filter { $0 == "test commit" }.count, 1, "an accepted layout is not tested again")
        XCTAssertEqual(messages, ["/dev/dri/card9: camera on its own plane: feed on plane 50 as XR24 (converted into a dumb buffer), UI on plane 51 as AR24"])
    }

    func testALayoutTheDriverRefusesFallsBackToTheComposedFrameAndSaysWhy() throws {
        device.testOnlyError = EINVAL  // as a plane that cannot take the format or scale the size
        var scanout = try makeScanout()
        let request = try show(camera, with: &scanout, frame: 0)
        XCTAssertEqual(request.properties, [DRMAtomicProperty(objectID: 50, propertyID: plane["FB_ID"]!, value: 100)],
                       "the same frame, composed, on the primary plane alone")
        _ = try show(camera, with: &scanout, frame: 1)
        XCTAssertEqual(device.commits.count, 2, "every frame shown")
        XCTAssertEqual(messages.count, 1, "\(messages)")
        XCTAssertTrue(messages[0].contains("camera composed on the CPU: the driver refused every plane layout: feed on plane 50"), messages[0])
        guard case .composed(.refused) = scanout.path else { return XCTFail("\(String(describing: scanout.path))") }
    }

    func testASwipeMovesTheFeedIntoCompositionAndOutAgainWithOneCommitEveryFrame() throws {
        var scanout = try makeScanout()
        let scenes = [camera, swiping, swiping, camera]
        var requests: [DRMAtomicRequest] = []
        for (index, scene) in scenes.enumerated() {
            requests.append(try show(scene, with: &scanout, frame: UInt32(index)))
        }
        XCTAssertEqual(device.commits.count, scenes.count, "no frame missing")
        // Into composition: the composed frame on the primary, full-screen, and the UI plane off, in one commit.
        XCTAssertEqual(requests[1].value(of: 50, plane["FB_ID"]!), 101)
        XCTAssertEqual(requests[1].value(of: 50, plane["SRC_W"]!), 640 << 16)
        XCTAssertEqual(requests[1].value(of: 51, plane["FB_ID"]!), 0)
        XCTAssertEqual(requests[1].value(of: 51, plane["CRTC_ID"]!), 0)
        XCTAssertEqual(requests[2].properties, [DRMAtomicProperty(objectID: 50, propertyID: plane["FB_ID"]!, value: 102)])
        // And out again: both planes back, without a second TEST_ONLY.
        XCTAssertEqual(requests[3].value(of: 50, plane["FB_ID"]!), 203)
        XCTAssertEqual(requests[3].value(of: 51, plane["FB_ID"]!), 303)
        XCTAssertEqual(device.calls.filter { $0 == "test commit" }.count, 1)
        XCTAssertEqual(messages.map { $0.components(separatedBy: ": ")[1] },
                       ["camera on its own plane", "camera composed on the CPU", "camera on its own plane"])
        XCTAssertTrue(messages[1].hasSuffix("a transition is running"), messages[1])
    }
}
