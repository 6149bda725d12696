import KioskCamera
import KioskConfig

extension CameraConfiguration {
    /// The camera module's settings for `[camera]`.
    public var cameraSettings: CameraSettings {
        let defaults = CameraSettings()
        var formats = defaults.pixelFormats
        // `auto` names no format; any other goes first, the rest stay as fallbacks should the driver refuse it.
        if let chosen = KioskCamera.CameraPixelFormat(rawValue: format.rawValue) {
            formats = [chosen] + formats.filter { $0 != chosen }
        }
        return CameraSettings(
            source: CameraSettings.Source(rawValue: source.rawValue) ?? .pattern,
            devicePath: device,
            requestedWidth: size.width,
            requestedHeight: size.height,
            pixelFormats: formats,
            framesPerSecond: Double(framesPerSecond),
            imagePath: path,
            slideshowInterval: slideshowInterval,
            fallback: CameraSettings.Fallback(rawValue: fallback.rawValue) ?? .pattern)
    }
}
