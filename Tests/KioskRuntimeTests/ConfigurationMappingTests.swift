import KioskCamera
import KioskConfig
@testable import KioskRuntime
import XCTest

/// The config's closed choices are mirrored in the device modules (which must not import the
/// config); these tests keep the two lists in step, so no name maps to nothing.
final class ConfigurationMappingTests: XCTestCase {
    func testEveryConfigPixelFormatButAutoIsACameraFormatTriedFirst() {
        for format in KioskConfig.CameraPixelFormat.allCases where format != .auto {
            var camera = CameraConfiguration()
            camera.format = format
            XCTAssertEqual(camera.cameraSettings.pixelFormats.first?.rawValue, format.rawValue, "\(format)")
            XCTAssertEqual(Set(camera.cameraSettings.pixelFormats), Set(CameraSettings().pixelFormats), "the others stay as fallbacks")
        }
        XCTAssertEqual(CameraConfiguration().cameraSettings.pixelFormats, CameraSettings().pixelFormats, "auto keeps the camera's own order")
    }

    func testEveryConfigCameraSourceAndDisplayBackendHasItsCounterpart() {
        for source in CameraSource.allCases {
            XCTAssertNotNil(CameraSettings.Source(rawValue: source.rawValue), "\(source)")
        }
        for backend in KioskConfig.DisplayBackend.allCases {
            var display = DisplayConfiguration()
            display.backend = backend
            XCTAssertEqual(display.displayOptions().backend.rawValue, backend.rawValue)
        }
    }
}
