import Glibc
import KioskCompositor
import KioskEngine
import XCTest
@testable import KioskDisplay

/// Scan-out screenshots read back through a writeback connector on the fake card (vkms-like, with
/// `enable_writeback=1`): the capture is a commit of its own tracked like a flip, the picture is
/// the planes as the display controller blends them, and where there is no writeback the daemon's
/// own frame is the answer.
final class ScanoutCaptureDisplayTests: XCTestCase {
    private lazy var device = CameraPlaneFixture.card(now: { [unowned self] in time })
    private let writeback = FakeDRMDevice.writebackProperties
    private var messages: [String] = []
    private var time = 100.0
    private var display: DRMDisplay!
    private let compositor = Compositor(displayWidth: 16, displayHeight: 8, threads: 1)
    private let root = CameraPlaneFixture.cameraScreen()
    private var feed = cameraFrame(0xFF10_6030, sequence: 1)

    /// A camera frame of the panel's size in one colour; each frame its own buffer, as the camera's are.
    private static func cameraFrame(_ colour: UInt32, sequence: UInt64) -> PixelBuffer {
        let frame = PixelBuffer(width: 16, height: 8)
        frame.fill(colour)
        frame.sequence = sequence
        return frame
    }

    override func tearDown() {
        display?.close()
    }

    private func makeDisplay() throws {
        display = try CameraPlaneFixture.display(on: device, now: { [unowned self] in time }, log: { [unowned self] in messages.append($0) })
    }

    /// One frame as the render pacer makes it, the camera on its own plane; its flip left pending.
    private func present() throws {
        let list = compositor.displayList(root: root, background: feed)
        let plan = display.plan(DisplayLayers(scene: PlaneSceneState(showsFeed: list.coverage.showsFeed, feedCovered: list.coverage.feedCovered),
                                              feed: feed))
        // Painted first: the plan decides which of the compositor's buffers `frame` is.
        let damage = compositor.paint(list, feedOnPlane: plan.feedOnPlane)
        try display.present(compositor.frame, damage: damage, plan: plan)
    }

    /// The camera screen on its two planes, on screen, on a card with a writeback connector.
    private func showCameraScreenOverAWritebackCard() throws {
        device.addWritebackConnector()
        try makeDisplay()
        try present()
        try completeFlip()
    }

    private func completeFlip() throws {
        time += 1.0 / 60
        device.completeFlip(at: time, sequence: UInt32(device.commits.count))
        try display.handleReadable(device.fileDescriptor)
    }

    private var captureCommits: [(request: DRMAtomicRequest, flags: DRMCommitFlags)] {
        device.commits.filter { $0.request.value(of: 35, writeback["WRITEBACK_FB_ID"]!) != nil }
    }

    func testAScanOutScreenshotIsTheCameraPlaneWithTheUIOverItAsTheWritebackConnectorWroteIt() throws {
        try showCameraScreenOverAWritebackCard()
        XCTAssertTrue(compositor.feedOnPlane)
        var pictures: [PixelBuffer] = []
        XCTAssertTrue(display.captureScanout { pictures.append(try! $0.get()) })

        let capture = try XCTUnwrap(captureCommits.last)
        XCTAssertEqual(capture.request.value(of: 35, writeback["CRTC_ID"]!), 41, "the writeback connector on the panel's CRTC")
        XCTAssertEqual(capture.flags, [.nonBlocking, .pageFlipEvent, .allowModeset],
                       "routing the connector to the CRTC takes a mode set; the loop never waits for it")
        XCTAssertNil(capture.request.value(of: 50, FakeDRMDevice.planeProperties["FB_ID"]!), "the planes as they are")
        XCTAssertTrue(messages.contains("/dev/dri/card9: scan-out screenshots read back through Writeback-1"), "\(messages)")
        XCTAssertTrue(pictures.isEmpty, "nothing until the writeback is written")

        let fence = device.completeWriteback()
        XCTAssertTrue(display.pollDescriptors.contains(fence), "the loop watches the writeback's fence")
        try display.handleReadable(fence)
        let picture = try XCTUnwrap(pictures.first)
        XCTAssertEqual(picture.width, 16)
        XCTAssertEqual(picture[8, 5], feed[8, 5], "the camera, from its own plane")
        XCTAssertEqual(picture[2, 2], 0xFFE6_2828, "the indicator dot, from the UI's plane over it")
        XCTAssertFalse(display.pollDescriptors.contains(fence), "the fence is let go")
    }

    func testAFramePresentedDuringACaptureWaitsUntilTheWritebackIsWrittenAndTheNextCaptureTakesNoModeSet() throws {
        try showCameraScreenOverAWritebackCard()
        XCTAssertTrue(display.captureScanout { _ in })
        let commits = device.commits.count
        // A new camera frame while the capture's commit is in flight: the fake card would answer EBUSY to a second one.
        feed = Self.cameraFrame(0xFF20_2020, sequence: 2)
        try present()
        XCTAssertEqual(device.commits.count, commits, "queued behind the capture's commit")
        try completeFlip()
        XCTAssertEqual(device.commits.count, commits, "nothing replaces the frame being written back")
        feed = Self.cameraFrame(0xFF30_3030, sequence: 3)
        try present()
        XCTAssertEqual(device.commits.count, commits, "nor a frame presented after the capture's flip, before its writeback")
        try display.handleReadable(device.completeWriteback())
        XCTAssertEqual(device.commits.count, commits + 1, "the newest frame goes out once the writeback is written")
        let feedBuffer = try XCTUnwrap(device.commits.last?.request.value(of: 50, FakeDRMDevice.planeProperties["FB_ID"]!))
        XCTAssertEqual(device.pixel(framebufferID: UInt32(feedBuffer), x: 8, y: 5), 0xFF30_3030, "the newest camera frame")
        try completeFlip()

        XCTAssertTrue(display.captureScanout { _ in })
        XCTAssertEqual(captureCommits.count, 2)
        XCTAssertEqual(captureCommits.last?.flags, [.nonBlocking, .pageFlipEvent], "the connector stays on the CRTC: no mode set")
    }

    func testACaptureAskedWhileAFlipIsPendingIsCommittedWhenItsEventArrives() throws {
        device.addWritebackConnector()
        try makeDisplay()
        try present()
        XCTAssertTrue(display.captureScanout { _ in })
        XCTAssertTrue(captureCommits.isEmpty, "the kernel would answer EBUSY: the capture waits for the flip")
        try completeFlip()
        XCTAssertEqual(captureCommits.count, 1)
        try completeFlip()
        // The capture's flip changed nothing on screen: the same camera frame again is nothing to commit.
        let commits = device.commits.count
        try present()
        XCTAssertEqual(device.commits.count, commits, "the display still knows which camera frame its plane shows")
    }

    func testACaptureCutShortByAnUnplugFailsItsCallerAndOneAskedAfterTheReplugGoesOutOnceTheOldOneIsDone() throws {
        try showCameraScreenOverAWritebackCard()
        var results: [Result<PixelBuffer, DisplayError>] = []
        XCTAssertTrue(display.captureScanout { results.append($0) })
        device.completeFlip(at: time, sequence: 9)
        let hdmi = device.connectors.firstIndex { $0.id == 31 }!
        device.connectors[hdmi].isConnected = false
        display.reprobe()
        guard case .failure? = results.first else { return XCTFail("\(results)") }
        // Plugged in again as a larger panel: the writeback's buffer must be the new mode's size.
        device.connectors[hdmi].isConnected = true
        device.connectors[hdmi].modes = [DisplayMode(width: 20, height: 10, refreshRate: 60, isPreferred: true, index: 0)]
        display.reprobe()
        XCTAssertTrue(display.isOutputConnected)

        XCTAssertTrue(display.captureScanout { results.append($0) })
        XCTAssertEqual(captureCommits.count, 1, "the first capture's writeback is still in flight")
        try display.handleReadable(device.completeWriteback())
        XCTAssertEqual(results.count, 1, "the first capture's caller was already told")
        XCTAssertEqual(captureCommits.count, 2, "the second goes out once the first is done")
        let target = try XCTUnwrap(captureCommits.last?.request.value(of: 35, writeback["WRITEBACK_FB_ID"]!))
        let buffer = try XCTUnwrap(device.buffers.first { UInt64($0.framebufferID) == target })
        XCTAssertEqual(buffer.byteCount, buffer.pitch * 10, "a buffer of the new mode's size")
        XCTAssertEqual(buffer.pitch, 20 * 4 + device.pitchPadding)
    }

    func testWithoutAWritebackConnectorTheDisplaySaysItCannotReadItsScanOutBack() throws {
        try makeDisplay()
        try present()
        try completeFlip()
        XCTAssertFalse(display.captureScanout { _ in XCTFail("never called") })
        XCTAssertTrue(device.writebackAsked)
        XCTAssertTrue(messages.contains("/dev/dri/card9: scan-out screenshots are the daemon's own frames: the card has no writeback connector"),
                      "\(messages)")
        XCTAssertTrue(captureCommits.isEmpty)
    }

    func testAWritebackConnectorThatCannotTakeThePanelsCrtcIsNotUsed() throws {
        device.addWritebackConnector(possibleCrtcs: 0b01)
        try makeDisplay()
        XCTAssertFalse(display.captureScanout { _ in XCTFail("never called") })
        XCTAssertTrue(messages.contains("/dev/dri/card9: scan-out screenshots are the daemon's own frames: Writeback-1 cannot take CRTC index 1"),
                      "\(messages)")
    }

    func testAWritebackConnectorWhoseEncoderCannotShareTheCrtcWithThePanelsIsNotUsed() throws {
        // vkms 6.1's: the kernel would refuse the mode set that routes it beside the panel.
        device.addWritebackConnector(clonesPanels: false)
        try makeDisplay()
        XCTAssertFalse(display.captureScanout { _ in XCTFail("never called") })
        XCTAssertTrue(messages.contains("/dev/dri/card9: scan-out screenshots are the daemon's own frames: "
                                        + "the driver lets Writeback-1 share no CRTC with HDMI-A-1 (its encoder clones no other)"), "\(messages)")
        XCTAssertTrue(captureCommits.isEmpty)
    }

    func testAWritebackThatNeverCompletesFailsItsCallerAndTheNextCaptureTriesAgain() throws {
        try showCameraScreenOverAWritebackCard()
        var results: [Result<PixelBuffer, DisplayError>] = []
        XCTAssertTrue(display.captureScanout { results.append($0) })
        try completeFlip()
        // The fake's clock is far behind the real one, so the timer armed `timeout` after it has expired.
        try display.handleReadable(display.scanoutCapture.timer.fileDescriptor)
        guard case .failure(let error)? = results.first else { return XCTFail("\(results)") }
        XCTAssertEqual(error.description, "/dev/dri/card9: the writeback did not complete within 10.0 s")
        XCTAssertNil(display.scanoutCapture.fence)

        XCTAssertTrue(display.captureScanout { results.append($0) })
        XCTAssertEqual(captureCommits.count, 2, "a later screenshot commits a capture again")
    }

    func testTheWritebackConnectorIsNeverChosenAsThePanel() throws {
        device.addWritebackConnector()
        _ = device.enableWritebackConnectors()
        device.connectors.removeAll { !$0.isWriteback }
        XCTAssertThrowsError(try DRMOutput.choose(on: device, connectorName: nil, modeRequest: nil)) { error in
            guard case DisplayError.noConnectedConnector = error else { return XCTFail("\(error)") }
        }
    }
}
