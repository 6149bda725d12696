import Glibc
import KioskCompositor
import KioskEngine
import KioskOptions
import KioskTestSupport
import XCTest
@testable import KioskDisplay

/// The zero-copy feed plane on the fake card: a camera frame that comes with its capture buffer
/// goes on the feed plane as an imported framebuffer (nothing converted or copied), the buffer is
/// held until the flip that replaces it completes, a swipe composes the feed and lets it go, a
/// refused format falls back to the copied frame, and the imports are removed when the camera stops.
final class ZeroCopyPlaneDisplayTests: XCTestCase {
    private lazy var device = CameraPlaneFixture.card(now: { [unowned self] in time })
    private let plane = FakeDRMDevice.planeProperties
    private var messages: [String] = []
    private var time = 100.0
    private var display: DRMDisplay!
    private let compositor = Compositor(displayWidth: 16, displayHeight: 8, threads: 1)
    private let root = CameraPlaneFixture.cameraScreen()
    private let released = ReleasedCaptureBuffers()
    /// The feed frame the capture thread published: its pixels are a converted copy (or not yet converted).
    private var feed = PixelBuffer(width: 16, height: 8)
    private var capture: FakeCaptureBuffer?
    /// Where the display put the feed of each frame, in order.
    private var placements: [FeedPlacement] = []
    /// The display's plan for the last frame presented.
    private var lastPlan = DisplayPlan.composed
    /// The fixture card's mode: the size of the camera's frames and buffers.
    private static let mode = PixelSize(width: 16, height: 8)

    override func tearDown() {
        display?.close()
    }

    private func makeDisplay() throws {
        display = try CameraPlaneFixture.display(on: device, now: { [unowned self] in time }, log: { [unowned self] in messages.append($0) })
    }

    /// The next camera frame, in capture buffer `index` of `stream`, in XBGR32 at the mode's size.
    private func cameraFrame(index: Int, sequence: UInt64, stream: UInt64 = 7) {
        capture = FakeCaptureBuffer(id: CaptureBufferID(stream: stream, index: index), size: Self.mode, released: released)
        // Left unconverted by the capture thread (scanned out directly): the display must not read it.
        feed = PixelBuffer(width: 16, height: 8)
        feed.fill(0xFF33_4455)
        feed.sequence = sequence
    }

    /// One frame as `RenderPacer.render` makes it; the request committed, if any. With `complete`
    /// the flip's event arrives too.
    @discardableResult
    private func frame(transition: Bool = false, showsFeed: Bool = true, complete: Bool = true) throws -> DRMAtomicRequest? {
        let commitsBefore = device.commits.count
        let list = compositor.displayList(root: root, background: feed)
        let plan = display.plan(DisplayLayers(scene: PlaneSceneState(showsFeed: list.coverage.showsFeed && showsFeed,
                                                                     feedCovered: list.coverage.feedCovered, transitionRunning: transition),
                                              feed: feed, capture: capture))
        placements.append(plan.placement)
        lastPlan = plan
        let damage = compositor.paint(list, feedOnPlane: plan.feedOnPlane)
        try display.present(compositor.frame, damage: damage, plan: plan)
        guard device.commits.count > commitsBefore else { return nil }
        if complete { try completeFlip() }
        return device.commits.last!.request
    }

    /// A camera frame alone, as the render pacer shows it: planned after the last frame's plan
    /// and presented with the UI unchanged; false when the display wants a composed frame instead.
    private func showFeedFrame() throws -> Bool {
        guard let plan = display.plan(feedFrame: feed, capture: capture!, after: lastPlan) else { return false }
        try display.present(compositor.frame, damage: [], plan: plan)
        lastPlan = plan
        return true
    }

    private func completeFlip() throws {
        time += 1.0 / 60
        device.completeFlip(at: time, sequence: UInt32(device.commits.count))
        try display.handleReadable(device.fileDescriptor)
    }

    private func framebuffer(_ request: DRMAtomicRequest?, plane id: UInt32) -> UInt32? {
        request?.value(of: id, plane["FB_ID"]!).map { UInt32($0) }
    }

    private var feedDumbBuffersCopied: Bool {
        // The plane path's feed buffers are the last two XR24 dumb buffers made; a copy writes the frame's pixels there.
        device.buffers.suffix(2).contains { buffer in
            (0..<8).contains { y in (0..<16).contains { x in buffer.pixels.load(fromByteOffset: y * buffer.pitch + x * 4, as: UInt32.self) != 0 } }
        }
    }

    func testACameraFrameWithItsCaptureBufferGoesOnTheFeedPlaneAsAnImportedFramebufferWithNothingCopied() throws {
        try makeDisplay()
        cameraFrame(index: 0, sequence: 1)
        let request = try frame()
        XCTAssertEqual(placements, [.planeFromCaptureBuffer])
        XCTAssertEqual(device.imports.count, 1)
        XCTAssertEqual(device.imports.first?.dmabuf, 200)
        XCTAssertEqual(device.imports.first?.format, .xrgb8888, "V4L2 XR24 is DRM XRGB8888")
        XCTAssertEqual(framebuffer(request, plane: 50), 500, "the feed plane shows the camera's own buffer")
        XCTAssertNotNil(framebuffer(request, plane: 51), "the UI above it")
        XCTAssertFalse(feedDumbBuffersCopied, "nothing converted or copied")
        XCTAssertTrue(messages.contains("/dev/dri/card9: camera on its own plane: feed on plane 50 as XR24 (the camera's buffer, zero-copy DMABUF), UI on plane 51 as AR24"),
                      "\(messages)")

        // The next frames commit the feed plane alone; a buffer seen before is not imported again.
        for (index, sequence) in [(1, 2), (0, 3)] {
            cameraFrame(index: index, sequence: UInt64(sequence))
            let next = try XCTUnwrap(frame())
            XCTAssertEqual(next.properties.map(\.objectID), [50])
            XCTAssertEqual(framebuffer(next, plane: 50), index == 0 ? 500 : 501)
        }
        XCTAssertEqual(device.imports.count, 2)
    }

    func testACaptureBufferIsHeldUntilTheFlipThatReplacesItCompletes() throws {
        try makeDisplay()
        cameraFrame(index: 0, sequence: 1)
        try frame()
        cameraFrame(index: 1, sequence: 2)
        try frame(complete: false)
        cameraFrame(index: 2, sequence: 3)
        XCTAssertEqual(released.indices, [], "buffer 0 is on screen until the flip to buffer 1 completes")
        try completeFlip()
        XCTAssertEqual(released.indices, [0], "the flip completed: buffer 0 goes back to the camera, buffer 1 is on screen")
        try frame(complete: false)
        cameraFrame(index: 3, sequence: 4)
        try frame(complete: false)  // queued behind the pending flip: held too
        XCTAssertEqual(released.indices, [0])
        try completeFlip()  // buffer 2 on screen, buffer 3's commit goes out
        XCTAssertEqual(released.indices, [0, 1])
        try completeFlip()
        XCTAssertEqual(released.indices, [0, 1, 2])
    }

    func testASwipeComposesTheFeedAndLetsItsBufferGoAfterTheComposedFlip() throws {
        try makeDisplay()
        cameraFrame(index: 0, sequence: 1)
        try frame()
        let swiping = try XCTUnwrap(frame(transition: true, complete: false))
        XCTAssertEqual(placements.last, .composed, "the pacer converts the held frame for this composed frame")
        XCTAssertEqual(swiping.value(of: 51, plane["FB_ID"]!), 0, "the UI plane goes off in the same commit")
        XCTAssertNotEqual(framebuffer(swiping, plane: 50), 500, "the composed frame replaces the camera's buffer")
        capture = nil  // the pacer's reference: only the display's is left
        XCTAssertEqual(released.indices, [], "still on screen until the composed flip completes")
        try completeFlip()
        XCTAssertEqual(released.indices, [0])
        cameraFrame(index: 1, sequence: 2)
        let settled = try XCTUnwrap(frame())
        XCTAssertEqual(placements.last, .planeFromCaptureBuffer)
        XCTAssertEqual(framebuffer(settled, plane: 50), 501)
        XCTAssertEqual(messages.filter { $0.contains("camera ") }.map { $0.components(separatedBy: " (")[0] }, [
            "/dev/dri/card9: camera on its own plane: feed on plane 50 as XR24",
            "/dev/dri/card9: camera composed on the CPU: a transition is running",
            "/dev/dri/card9: camera on its own plane: feed on plane 50 as XR24",
        ])
    }

    func testAFormatThePlaneRefusesFallsBackToTheCopiedFrameAndSaysWhy() throws {
        device.refusesImportedFramebuffers = true
        try makeDisplay()
        cameraFrame(index: 0, sequence: 1)
        feed.fill(0xFF10_2030)  // converted by the pacer (`.planeCopied`), as the daemon's camera does
        let request = try frame()
        XCTAssertEqual(placements, [.planeCopied])
        let feedBuffer = try XCTUnwrap(framebuffer(request, plane: 50))
        XCTAssertLessThan(feedBuffer, 500, "a dumb buffer of the display's")
        XCTAssertEqual(device.pixel(framebufferID: feedBuffer, x: 8, y: 5), 0xFF10_2030, "the frame copied")
        XCTAssertTrue(messages.contains { $0.hasPrefix("/dev/dri/card9: camera on its own plane: feed on plane 50 as XR24 (converted into a dumb buffer), UI on plane 51 as AR24; not zero-copy: feed on plane 50 as XR24 (the camera's buffer") },
                      "\(messages)")
    }

    func testAFormatNoPlaneTakesIsCopiedAndTheLogSaysWhy() throws {
        try makeDisplay()
        capture = FakeCaptureBuffer(id: CaptureBufferID(stream: 7, index: 0), format: .yuyv, size: Self.mode, released: released)
        feed.sequence = 1
        try frame()
        XCTAssertEqual(placements, [.planeCopied])
        XCTAssertEqual(device.imports.count, 0)
        XCTAssertTrue(messages.contains { $0.hasSuffix("; not zero-copy: no plane under the UI's takes YUYV, the camera's format") }, "\(messages)")
    }

    func testANewCameraFrameIsShownWithoutAComposedFrameWhileTheFeedIsOnItsPlaneFromItsBuffer() throws {
        try makeDisplay()
        cameraFrame(index: 0, sequence: 1)
        try frame()
        let commitsBefore = device.commits.count
        cameraFrame(index: 1, sequence: 2)
        XCTAssertTrue(try showFeedFrame())
        let request = try XCTUnwrap(device.commits.last?.request)
        XCTAssertEqual(device.commits.count, commitsBefore + 1)
        XCTAssertEqual(request.properties.map(\.objectID), [50], "the feed plane's buffer alone")
        XCTAssertEqual(framebuffer(request, plane: 50), 501)
        // Behind a pending flip it waits for the flip's event, as a composed frame would.
        cameraFrame(index: 2, sequence: 3)
        XCTAssertTrue(try showFeedFrame())
        XCTAssertEqual(device.commits.count, commitsBefore + 1)
        try completeFlip()
        XCTAssertEqual(framebuffer(device.commits.last?.request, plane: 50), 502)
        XCTAssertEqual(released.indices, [0])

        // A swipe composes the feed: a camera frame then waits for a composed frame.
        try completeFlip()
        try frame(transition: true)
        cameraFrame(index: 3, sequence: 4)
        XCTAssertFalse(try showFeedFrame())
        // As does a frame of another stream (the camera reopened).
        try frame()
        cameraFrame(index: 0, sequence: 5, stream: 8)
        XCTAssertFalse(try showFeedFrame())
    }

    func testABufferThatFailsToImportWhenShownAtOnceEndsThePlanePathInsteadOfShowingAnOlderPicture() throws {
        try makeDisplay()
        var redraws = 0
        display.onRedrawNeeded = { redraws += 1 }
        cameraFrame(index: 0, sequence: 1)
        try frame()
        let commitsBefore = device.commits.count
        device.importError = EINVAL
        // Buffer 1 is new: its import is tried at the commit, and the frame in it was left unconverted.
        cameraFrame(index: 1, sequence: 2)
        XCTAssertTrue(try showFeedFrame())
        XCTAssertEqual(device.commits.count, commitsBefore, "nothing committed: the screen keeps the last frame")
        XCTAssertFalse(feedDumbBuffersCopied, "the unconverted frame is not copied onto the feed plane")
        XCTAssertEqual(redraws, 1, "a whole composed frame is asked for")
        let ended = messages.filter { $0.hasSuffix("; composing it on the CPU") }
        XCTAssertEqual(ended.count, 1, "\(messages)")
        XCTAssertTrue(ended.first?.hasPrefix("/dev/dri/card9: importing the camera's buffer (stream 7 buffer 1) failed (") == true
                      && ended.first?.contains("drmPrimeFDToHandle failed: Invalid argument") == true, "\(messages)")
        XCTAssertFalse(try showFeedFrame(), "a camera frame meanwhile waits for the composed frame")

        // What the render pacer does when asked: the held frame converted, everything composed.
        feed.fill(0xFF10_2030)
        compositor.invalidate()
        let request = try XCTUnwrap(frame())
        XCTAssertEqual(placements.last, .composed)
        let composedBuffer = try XCTUnwrap(framebuffer(request, plane: 50))
        XCTAssertEqual(device.pixel(framebufferID: composedBuffer, x: 8, y: 5) & 0xFF_FFFF, 0x10_2030, "the new camera frame")
        XCTAssertEqual(framebuffer(request, plane: 51), 0, "the UI's plane goes off in the same commit")
        XCTAssertEqual(messages.filter { $0.hasSuffix("; composing it on the CPU") }.count, 1, "said once")
    }

    func testStoppingTheCameraRemovesItsFramebuffersOnceNothingShowsThem() throws {
        try makeDisplay()
        for index in 0..<3 {
            cameraFrame(index: index, sequence: UInt64(index + 1))
            try frame()
        }
        XCTAssertEqual(device.imports.count, 3)
        // The camera stops (another screen, or a reload): no feed, no capture buffer.
        capture = nil
        try frame(showsFeed: false, complete: false)
        XCTAssertEqual(Set(device.removedImports), [500, 501], "buffer 2 is still on screen")
        try completeFlip()
        cameraFrame(index: 0, sequence: 9, stream: 8)  // a new stream: the old one's last import goes
        try frame()
        XCTAssertEqual(Set(device.removedImports), [500, 501, 502])
        XCTAssertEqual(device.imports.count, 4, "the new stream's buffer imported anew")
        display.close()
        XCTAssertEqual(Set(device.removedImports), [500, 501, 502, 503], "closing removes the rest")
    }
}
