import KioskDisplay
import KioskEngine
import KioskOptions
@testable import KioskRuntime
import KioskTestSupport
import XCTest

/// The zero-copy fast path's wiring in a whole daemon on a manual clock: a camera frame that comes
/// in a capture buffer while the feed is scanned out from its buffers is shown at once
/// (`LayerPlanning.plan(feedFrame:)` and a present without damage: no composition, no tick); during a swipe it goes through a composed
/// frame, converted for it. And a failed present, the black frame's too, is logged one way.
final class RenderPacerZeroCopyTests: XCTestCase {
    private let camera = FakeCameraFeed()
    private var display: PlaneRecordingDisplay!
    private var kiosk: DaemonHarness!
    private var nextSequence: UInt64 = 1

    private func start(power: String = "") throws {
        kiosk = try DaemonHarness(config: """
            home = "camera"
            [display]
            backend = "headless"
            size = "320x200"
            [camera]
            source = "pattern"
            [transition]
            style = "slide"
            duration = 0.3
            [power]
            backlight = "none"
            \(power)
            [[screen]]
            name = "camera"
            background = "transparent"
            [[screen]]
            name = "second"
            background = "#d01010"
            """, camera: camera, wrapDisplay: { [unowned self] screen in
                display = PlaneRecordingDisplay(showingOn: screen)
                return display
            })
        kiosk.settle()
    }

    /// A new camera frame, in capture buffer `index` (none: not exported), taken by the daemon's loop.
    @discardableResult
    private func cameraFrame(index: Int?) throws -> PixelBuffer {
        let frame = PixelBuffer(width: 320, height: 200)
        frame.fill(0xFF20_4060)
        frame.sequence = nextSequence
        nextSequence += 1
        camera.deliver(frame, capture: index.map { FakeCaptureBuffer(id: CaptureBufferID(stream: 3, index: $0), size: PixelSize(width: 320, height: 200)) })
        try kiosk.daemon.eventLoop.runOnce(timeoutMilliseconds: 0)
        return frame
    }

    func testACameraFrameInItsCaptureBufferIsShownAtOnceWithoutAComposition() throws {
        try start()
        try cameraFrame(index: 0)
        kiosk.settle()
        XCTAssertEqual(display.takeCalls().compactMap(\.placement).last, .planeFromCaptureBuffer, "the camera screen scans the feed out")
        XCTAssertTrue(camera.scannedOutDirectly)
        let composed = kiosk.daemon.pacer.composeTimes.count
        let completions = camera.completions

        let frame = try cameraFrame(index: 1)
        XCTAssertEqual(display.takeCalls(), [.planFeedFrame(FeedFrame(frame), capture: CaptureBufferID(stream: 3, index: 1), shown: true),
                                             .present(damaged: false)],
                       "the new buffer committed at once, the UI unchanged, and nothing else")
        XCTAssertEqual(kiosk.daemon.pacer.composeTimes.count, composed, "nothing composed")
        XCTAssertFalse(kiosk.clockWantsTicks, "no tick asked for")
        XCTAssertEqual(camera.completions, completions, "the frame is not converted")
        kiosk.frames(2)
        XCTAssertEqual(display.takeCalls(), [], "and not drawn again at the next ticks")
    }

    func testDuringASwipeACameraFrameGoesThroughAComposedFrame() throws {
        try start()
        try cameraFrame(index: 0)
        kiosk.settle()
        // The finger stays down halfway: the transition runs, the feed is composed.
        try kiosk.drag(from: Point(x: 290, y: 100), to: Point(x: 160, y: 100), steps: 4, lift: false)
        kiosk.settle()
        XCTAssertEqual(display.takeCalls().compactMap(\.placement).last, .composed)
        let completions = camera.completions

        let frame = try cameraFrame(index: 1)
        XCTAssertEqual(display.takeCalls(), [], "not shown from its buffer: a frame is asked for")
        kiosk.frame()
        let calls = display.takeCalls()
        guard case .plan(let scene, let feed, let placement)? = calls.first else { return XCTFail("\(calls)") }
        XCTAssertTrue(scene.transitionRunning)
        XCTAssertEqual(feed, FeedFrame(frame), "the new camera frame")
        XCTAssertEqual(placement, .composed)
        XCTAssertEqual(Array(calls.dropFirst()), [.present(damaged: true)])
        XCTAssertEqual(camera.completions, completions + 1, "the frame the camera left unconverted is converted for it")
        XCTAssertFalse(camera.scannedOutDirectly, "and the camera converts again")
    }

    func testAFailedPresentIsLoggedOnceUntilOneSucceedsTheBlackFrameToo() throws {
        try start(power: """
            blank-after = 5
            blank-method = "black"
            """)
        let failures = { [unowned self] in kiosk.log.lines.filter { $0 == "display: the panel is gone" }.count }
        display.presentError = PanelGone()
        try cameraFrame(index: nil)
        kiosk.settle()
        XCTAssertEqual(failures(), 1)
        display.takeCalls()
        advance(by: 5.5)
        XCTAssertEqual(kiosk.daemon.screenPower, .dark)
        XCTAssertTrue(display.takeCalls().contains(.present(damaged: true)), "the black frame was presented")
        XCTAssertEqual(failures(), 1, "the black frame's failure is not logged again")

        display.presentError = nil
        kiosk.daemon.wake()
        kiosk.settle()
        display.presentError = PanelGone()
        advance(by: 5.5)
        XCTAssertEqual(kiosk.daemon.screenPower, .dark)
        XCTAssertEqual(failures(), 2, "a frame went out in between: the next failure is logged")
    }

    private func advance(by seconds: Double) {
        kiosk.clock.advance(to: kiosk.clock.now + seconds)
        kiosk.settle()
    }
}

private struct PanelGone: Error, CustomStringConvertible {
    var description: String { "the panel is gone" }
}

private extension PlaneRecordingDisplay.Call {
    /// Where `plan` put the feed; nil for other calls.
    var placement: FeedPlacement? {
        if case .plan(_, _, let placement) = self { placement } else { nil }
    }
}
