import KioskEngine
import KioskOptions
import XCTest
@testable import KioskCamera

/// The capture side of the zero-copy path: frames keep their capture buffer (the lease) while
/// something holds them, are left unconverted while the display scans them out from it, and are
/// converted on the loop when they must be composed after all.
final class ZeroCopyFeedTests: XCTestCase {
    private let format = CaptureFormat(width: 4, height: 2, pixelFormat: .yuyv, bytesPerLine: 8, framesPerSecond: 30)
    private let mailbox = FrameMailbox(width: 4, height: 2)
    private let converter = FrameConverter(source: "/dev/video9", threads: 1)

    private func streaming(_ device: FakeCaptureDevice) -> FeedSession {
        let session = FeedSession(device: device, fallback: nil, mailbox: mailbox,
                                  settings: CameraSettings(source: .v4l2, devicePath: device.path, requestedWidth: 4, requestedHeight: 2),
                                  startTime: 0, log: { _ in })
        _ = session.step(now: 0)
        return session
    }

    private func device(frames count: Int) -> FakeCaptureDevice {
        let device = FakeCaptureDevice(openResults: [.success(format)])
        device.exportsBuffers = true
        device.deliveries = Array(repeating: .frame(solidYUYV(width: 4, height: 2, StudioYUV.red)), count: count)
        return device
    }

    private func isRed(_ pixel: UInt32) -> Bool {
        let c = channels(pixel)
        return c.red > 250 && c.green < 5 && c.blue < 5
    }

    func testFramesComeWithTheirCaptureBufferAndAreConvertedWhileComposed() throws {
        let device = device(frames: 1)
        let session = streaming(device)
        _ = session.step(now: 0.04)
        let frame = try XCTUnwrap(mailbox.takeNewest())
        XCTAssertTrue(isRed(frame[1, 1]), "composed: the capture thread converts")
        let capture = try XCTUnwrap(mailbox.handedOutCapture)
        XCTAssertEqual(capture.lease.id, CaptureBufferID(stream: 1, index: 0))
        XCTAssertTrue(capture.converted)
        XCTAssertEqual(device.returned.all, [], "the frame the loop holds keeps its buffer")
    }

    func testScannedOutFramesAreLeftUnconvertedAndTheLoopConvertsTheHeldOneWhenComposing() throws {
        let device = device(frames: 1)
        let session = streaming(device)
        mailbox.scannedOutDirectly = true
        _ = session.step(now: 0.04)
        let frame = try XCTUnwrap(mailbox.takeNewest())
        XCTAssertEqual(frame[1, 1], 0, "scanned out from its buffer: nothing converted")
        XCTAssertEqual(mailbox.handedOutCapture?.converted, false)

        // A swipe starts: the loop converts the held frame for the first composed frame, once.
        var conversions = 0
        let convert = { [converter] (captured: CapturedFrame, into: PixelBuffer) in
            conversions += 1
            try? converter.convert(captured, into: into)
        }
        mailbox.completeHandedOut(convert)
        XCTAssertTrue(isRed(frame[1, 1]))
        mailbox.completeHandedOut(convert)
        XCTAssertEqual(conversions, 1)
    }

    func testABufferGoesBackOnlyWhenItsLastHolderLetsGo() throws {
        let device = device(frames: 3)
        let session = streaming(device)
        mailbox.scannedOutDirectly = true
        _ = session.step(now: 0.04)
        _ = mailbox.takeNewest()
        // A display holds the frame on screen.
        var onScreen: CaptureLease? = mailbox.handedOutCapture?.lease
        _ = session.step(now: 0.08)
        _ = mailbox.takeNewest()
        XCTAssertEqual(device.returned.all, [], "buffer 0 is on screen, buffer 1 handed out")
        _ = session.step(now: 0.12)
        _ = mailbox.takeNewest()
        XCTAssertEqual(device.returned.all, [1], "buffer 1 was let go by the mailbox; 0 is still shown")
        onScreen = nil
        XCTAssertNil(onScreen)
        XCTAssertEqual(device.returned.all, [1, 0], "the flip away from buffer 0 gives it back")
    }
}
