import Glibc
import KioskTestFixtures
import XCTest
@testable import KioskCamera

/// The real device's refusals that need no camera; streaming itself is proven with the vivid driver.
final class V4L2CaptureDeviceTests: XCTestCase {
    private func device(_ path: String) -> V4L2CaptureDevice {
        V4L2CaptureDevice(path: path, requestedWidth: 640, requestedHeight: 480, preferredFormats: [.yuyv], framesPerSecond: 30)
    }

    func testMissingNodeSaysToPlugTheCameraIn() {
        XCTAssertThrowsError(try device("/dev/video-not-here").open()) { error in
            XCTAssertEqual(error as? CameraError, .cannotOpen(device: "/dev/video-not-here", errno: ENOENT))
            XCTAssertTrue("\(error)".contains("is the camera plugged in"))
        }
    }

    func testNodeThatIsNotAV4L2DeviceIsNamed() throws {
        var thrown: (any Error)?
        XCTAssertThrowsError(try device("/dev/null").open()) { thrown = $0 }
        if QemuUser.isRunning, case .ioctlFailed(_, "VIDIOC_QUERYCAP", ENOSYS)? = thrown as? CameraError {
            throw XCTSkip(QemuUser.unemulated("VIDIOC_QUERYCAP", on: "/dev/null", kernelAnswer: "ENOTTY"))
        }
        XCTAssertEqual(thrown as? CameraError, .notACaptureDevice(device: "/dev/null", card: "not a V4L2 device"))
    }

    func testWaitingOnAClosedDeviceReportsItGone() {
        XCTAssertThrowsError(try device("/dev/null").withNextFrame(timeout: 0) { _ in }) { error in
            XCTAssertEqual(error as? CameraError, .deviceGone(device: "/dev/null"))
        }
    }
}
