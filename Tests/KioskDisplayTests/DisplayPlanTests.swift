import Glibc
import KioskCompositor
import KioskEngine
import XCTest
@testable import KioskDisplay

/// A DRM display's plan for a frame's layers, on the fake card whose planes are vkms's: made
/// before anything is painted, it says which layer goes on which plane (checked with a TEST_ONLY
/// commit and nothing else), leaves the feed to painting when the driver refuses, and is what
/// `present(_:damage:plan:)` commits.
final class DisplayPlanTests: XCTestCase {
    private lazy var device = CameraPlaneFixture.card(now: { 100 })
    private var messages: [String] = []
    private var display: DRMDisplay!
    private let feed: PixelBuffer = {
        let frame = PixelBuffer(width: 16, height: 8)
        frame.fill(0xFF30_4050)
        frame.sequence = 1
        return frame
    }()

    override func tearDown() {
        display?.close()
    }

    private func makeDisplay() throws {
        display = try CameraPlaneFixture.display(on: device, now: { 100 }, log: { [unowned self] in messages.append($0) })
    }

    private func cameraLayers(_ scene: PlaneSceneState = PlaneSceneState(showsFeed: true)) -> DisplayLayers {
        DisplayLayers(scene: scene, feed: feed)
    }

    func testThePlanPutsTheFeedOnTheLowerPlaneAndTheUIAboveCheckedByATestCommitAlone() throws {
        try makeDisplay()
        let callsBefore = device.calls.count
        let commitsBefore = device.commits.count
        let plan = display.plan(cameraLayers())
        XCTAssertEqual(plan.placement, .planeCopied, "the feed on a plane, copied into a buffer of the display's")
        XCTAssertTrue(plan.feedOnPlane, "the compositor paints the UI alone")
        guard case .planes(let layout)? = plan.path else { return XCTFail("\(String(describing: plan.path))") }
        XCTAssertEqual(layout.feedPlaneID, 50, "the feed on the primary, at the bottom")
        XCTAssertEqual(layout.uiPlaneID, 51, "the UI on the overlay above it")
        XCTAssertEqual(layout.uiFormat, .argb8888)
        XCTAssertEqual(Array(device.calls[callsBefore...]).filter { $0.hasPrefix("commit") || $0 == "test commit" }, ["test commit"],
                       "planning commits nothing but its TEST_ONLY check")
        XCTAssertEqual(device.commits.count, commitsBefore, "nothing shown yet")
    }

    func testWhenTheTestCommitRefusesThePlanLeavesTheFeedToPainting() throws {
        device.testOnlyError = EINVAL
        try makeDisplay()
        let plan = display.plan(cameraLayers())
        XCTAssertEqual(plan.placement, .composed)
        XCTAssertFalse(plan.feedOnPlane, "the compositor paints the feed")
        guard case .composed(.refused(let why))? = plan.path else { return XCTFail("\(String(describing: plan.path))") }
        XCTAssertTrue(why.hasPrefix("feed on plane 50"), why)
    }

    func testAFeedUnderABlurOrInATransitionIsPainted() throws {
        try makeDisplay()
        XCTAssertEqual(display.plan(cameraLayers(PlaneSceneState(showsFeed: true, feedCovered: true))).placement, .composed)
        XCTAssertEqual(display.plan(cameraLayers(PlaneSceneState(showsFeed: true, transitionRunning: true))).placement, .composed)
        XCTAssertEqual(display.plan(DisplayLayers(scene: PlaneSceneState(showsFeed: false))).placement, .composed)
    }

    func testPresentCommitsTheLayersWhereThePlanPutThem() throws {
        try makeDisplay()
        let plan = display.plan(cameraLayers())
        let ui = PixelBuffer(width: 16, height: 8)  // all transparent: the feed shows through
        try display.present(ui, damage: [PixelRect(x: 0, y: 0, width: 16, height: 8)], plan: plan)
        let request = try XCTUnwrap(device.commits.last?.request)
        let fbID = FakeDRMDevice.planeProperties["FB_ID"]!
        let feedBuffer = try XCTUnwrap(request.value(of: 50, fbID).map { UInt32($0) })
        let uiBuffer = try XCTUnwrap(request.value(of: 51, fbID).map { UInt32($0) })
        XCTAssertEqual(device.pixel(framebufferID: feedBuffer, x: 3, y: 3), feed[3, 3], "the feed frame the plan was made for")
        XCTAssertEqual(device.pixel(framebufferID: uiBuffer, x: 3, y: 3), 0)
    }

    func testADisplayWithoutPlanesIsNotAPlanningDisplay() throws {
        let headless = try HeadlessDisplay(width: 16, height: 8, virtualClock: true)
        XCTAssertNil(headless as any Display as? any LayerPlanning, "headless, fbdev and SDL displays compose everything")
        try makeDisplay()
        XCTAssertNotNil(display as any Display as? any LayerPlanning)
    }
}
