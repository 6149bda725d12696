import Glibc
import KioskCompositor
import KioskEngine
import XCTest
@testable import KioskDisplay

/// The camera's plane path end to end on the fake card: the compositor draws the UI alone, the
/// display puts it over the feed's own plane, a camera frame alone commits the feed's buffer
/// alone, a swipe brings the feed back into composition and out again, and a refused layout
/// falls back to the composed frame. Each frame goes as the daemon's render pacer sends it.
final class CameraPlaneDisplayTests: XCTestCase {
    private lazy var device = CameraPlaneFixture.card(now: { [unowned self] in time })
    private let plane = FakeDRMDevice.planeProperties
    private var messages: [String] = []
    private var time = 100.0
    private var display: DRMDisplay!
    private let compositor = Compositor(displayWidth: 16, displayHeight: 8, threads: 1)
    private let root = CameraPlaneFixture.cameraScreen()
    private var feed = CameraPlaneDisplayTests.cameraFrame(sequence: 1)
    /// Frames whose UI the compositor drew (found damage in), of all frames rendered.
    private var composed = 0

    override func tearDown() {
        display?.close()
    }

    private func makeDisplay() throws {
        display = try CameraPlaneFixture.display(on: device, now: { [unowned self] in time }, log: { [unowned self] in messages.append($0) })
    }

    /// A camera frame at the mode's size, a different colour per sequence.
    private static func cameraFrame(sequence: UInt64) -> PixelBuffer {
        let frame = PixelBuffer(width: 16, height: 8)
        frame.fill(0xFF00_0000 | UInt32(truncatingIfNeeded: sequence * 0x10_2030))
        frame.sequence = sequence
        return frame
    }

    /// One frame as `RenderPacer.render` makes it, then its flip completed; the request committed, if any.
    @discardableResult
    private func frame(transition: Bool = false) throws -> DRMAtomicRequest? {
        let commitsBefore = device.commits.count
        let list = compositor.displayList(root: root, background: feed)
        let plan = display.plan(DisplayLayers(scene: PlaneSceneState(showsFeed: list.coverage.showsFeed, feedCovered: list.coverage.feedCovered,
                                                                     transitionRunning: transition), feed: feed))
        let damage = compositor.paint(list, feedOnPlane: plan.feedOnPlane)
        if !damage.isEmpty { composed += 1 }
        try display.present(compositor.frame, damage: damage, plan: plan)
        guard device.commits.count > commitsBefore else { return nil }
        time += 1.0 / 60
        device.completeFlip(at: time, sequence: UInt32(device.commits.count))
        try display.handleReadable(device.fileDescriptor)
        return device.commits.last!.request
    }

    /// The frames' commits (not the mode set, not TEST_ONLY).
    private var frameCommits: [DRMAtomicRequest] {
        device.commits.filter { $0.flags.contains(.pageFlipEvent) }.map(\.request)
    }

    private func framebuffer(_ request: DRMAtomicRequest?, plane id: UInt32) -> UInt32? {
        request?.value(of: id, plane["FB_ID"]!).map { UInt32($0) }
    }

    func testTheCameraScreenIsScannedOutFromTwoPlanesWithTheUITransparentOverTheCamera() throws {
        try makeDisplay()
        let request = try frame()
        XCTAssertTrue(compositor.feedOnPlane)
        let feedBuffer = try XCTUnwrap(framebuffer(request, plane: 50), "the feed on the primary")
        let uiBuffer = try XCTUnwrap(framebuffer(request, plane: 51), "the UI on the overlay")
        XCTAssertEqual(request?.value(of: 51, plane["CRTC_ID"]!), 41)
        XCTAssertEqual(device.bufferFormats[device.buffers.firstIndex { $0.framebufferID == uiBuffer }!], .argb8888)
        XCTAssertEqual(device.pixel(framebufferID: uiBuffer, x: 8, y: 5), 0, "transparent where the camera shows")
        XCTAssertEqual(device.pixel(framebufferID: uiBuffer, x: 2, y: 2), 0xFFE6_2828, "the dot, opaque")
        XCTAssertEqual(device.pixel(framebufferID: feedBuffer, x: 8, y: 5), feed[8, 5], "the camera frame on its own plane")
        XCTAssertTrue(messages.contains("/dev/dri/card9: camera on its own plane: feed on plane 50 as XR24 (converted into a dumb buffer), UI on plane 51 as AR24"),
                      "\(messages)")
    }

    func testACameraFrameAloneCommitsOnlyTheFeedPlanesBufferWithoutComposingTheUI() throws {
        try makeDisplay()
        let first = try frame()
        let firstFeed = framebuffer(first, plane: 50)
        XCTAssertEqual(composed, 1)
        for sequence in 2...4 {
            feed = Self.cameraFrame(sequence: UInt64(sequence))
            let request = try XCTUnwrap(frame(), "frame \(sequence) is committed")
            XCTAssertEqual(request.properties.map(\.objectID), [50], "only the feed plane, frame \(sequence)")
            let feedBuffer = try XCTUnwrap(framebuffer(request, plane: 50))
            XCTAssertEqual(feedBuffer == firstFeed, sequence % 2 == 1, "the feed's two buffers take turns")
            XCTAssertEqual(device.pixel(framebufferID: feedBuffer, x: 0, y: 0), feed[0, 0])
        }
        XCTAssertEqual(composed, 1, "the UI is not composed again for camera frames")
        XCTAssertEqual(frameCommits.count, 4, "one commit per camera frame")
        XCTAssertNil(try frame(), "nothing new, nothing committed")
    }

    func testASwipeMovesTheFeedIntoCompositionAndOutAgainOneCommitAFrame() throws {
        try makeDisplay()
        try frame()
        let swiping = try XCTUnwrap(frame(transition: true), "the first frame of the swipe")
        XCTAssertFalse(compositor.feedOnPlane)
        let composedBuffer = try XCTUnwrap(framebuffer(swiping, plane: 50))
        XCTAssertEqual(swiping.value(of: 51, plane["FB_ID"]!), 0, "the UI plane goes off in the same commit")
        XCTAssertEqual(swiping.value(of: 51, plane["CRTC_ID"]!), 0)
        XCTAssertEqual(device.pixel(framebufferID: composedBuffer, x: 8, y: 5) & 0xFF_FFFF, feed[8, 5] & 0xFF_FFFF, "the camera composed")
        XCTAssertEqual(device.pixel(framebufferID: composedBuffer, x: 2, y: 2) & 0xFF_FFFF, 0xE6_2828)
        feed = Self.cameraFrame(sequence: 2)
        XCTAssertNotNil(try frame(transition: true), "a camera frame during the swipe is composed")
        let settled = try XCTUnwrap(frame(), "the swipe settled")
        XCTAssertTrue(compositor.feedOnPlane)
        let uiBuffer = try XCTUnwrap(framebuffer(settled, plane: 51))
        XCTAssertNotNil(framebuffer(settled, plane: 50))
        XCTAssertEqual(device.pixel(framebufferID: uiBuffer, x: 8, y: 5), 0)
        XCTAssertEqual(device.pixel(framebufferID: uiBuffer, x: 2, y: 2), 0xFFE6_2828)
        XCTAssertEqual(frameCommits.count, 4, "one commit a frame, none missing")
        XCTAssertEqual(messages.filter { $0.contains("camera ") }, [
            "/dev/dri/card9: camera on its own plane: feed on plane 50 as XR24 (converted into a dumb buffer), UI on plane 51 as AR24",
            "/dev/dri/card9: camera composed on the CPU: a transition is running",
            "/dev/dri/card9: camera on its own plane: feed on plane 50 as XR24 (converted into a dumb buffer), UI on plane 51 as AR24",
        ])
    }

    func testAPlaneCommitRefusedAfterItsTestAsksForAWholeComposedFrameInsteadOfFailing() throws {
        try makeDisplay()
        var redraws = 0
        display.onRedrawNeeded = { redraws += 1 }
        let first = try XCTUnwrap(frame())
        let feedOnScreen = framebuffer(first, plane: 50)
        device.commitError = EINVAL
        feed = Self.cameraFrame(sequence: 2)
        XCTAssertNil(try frame(), "nothing committed, and nothing thrown to the render loop")
        XCTAssertEqual(redraws, 1)
        XCTAssertTrue(messages.contains { $0.contains("the camera's plane commit failed") }, "\(messages)")
        device.commitError = nil
        compositor.invalidate()  // what the render pacer does when asked
        let request = try XCTUnwrap(frame(), "the same camera frame, composed")
        XCTAssertFalse(compositor.feedOnPlane)
        let composedBuffer = try XCTUnwrap(framebuffer(request, plane: 50))
        XCTAssertNotEqual(composedBuffer, feedOnScreen)
        XCTAssertEqual(framebuffer(request, plane: 51), 0, "the UI's plane goes off in the same commit")
        XCTAssertEqual(device.pixel(framebufferID: composedBuffer, x: 8, y: 5) & 0xFF_FFFF, feed[8, 5] & 0xFF_FFFF)
        XCTAssertEqual(device.pixel(framebufferID: composedBuffer, x: 2, y: 2) & 0xFF_FFFF, 0xE6_2828, "with the dot")
    }

    func testALayoutTheDriverRefusesFallsBackToTheComposedFrameWithALogLine() throws {
        device.testOnlyError = EINVAL
        try makeDisplay()
        let request = try XCTUnwrap(frame())
        XCTAssertFalse(compositor.feedOnPlane)
        let composedBuffer = try XCTUnwrap(framebuffer(request, plane: 50))
        XCTAssertNil(framebuffer(request, plane: 51), "the overlay is never used")
        XCTAssertEqual(device.pixel(framebufferID: composedBuffer, x: 8, y: 5) & 0xFF_FFFF, feed[8, 5] & 0xFF_FFFF)
        XCTAssertTrue(messages.contains { $0.hasPrefix("/dev/dri/card9: camera composed on the CPU: the driver refused every plane layout: feed on plane 50") },
                      "\(messages)")
        feed = Self.cameraFrame(sequence: 2)
        try frame()
        XCTAssertEqual(composed, 2, "each camera frame is composed")
    }
}
