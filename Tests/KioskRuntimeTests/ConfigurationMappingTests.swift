import KioskCamera
import KioskConfig
import KioskOptions
@testable import KioskRuntime
import XCTest

/// `[camera] format` names the format asked first; the camera's other formats stay as fallbacks.
final class ConfigurationMappingTests: XCTestCase {
    func testChosenPixelFormatIsTriedFirstAndTheOthersStay() {
        for format in CameraPixelFormat.allCases {
            var camera = CameraConfiguration()
            camera.format = format
            XCTAssertEqual(camera.cameraSettings.pixelFormats.first, format)
            XCTAssertEqual(Set(camera.cameraSettings.pixelFormats), Set(CameraSettings().pixelFormats), "the others stay as fallbacks")
        }
        XCTAssertEqual(CameraConfiguration().cameraSettings.pixelFormats, CameraSettings().pixelFormats, "auto keeps the camera's own order")
    }
}
