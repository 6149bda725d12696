import KioskCamera
import KioskConfig

extension CameraConfiguration {
    /// The camera module's settings for `[camera]`.
    public var cameraSettings: CameraSettings {
        let defaults = CameraSettings()
        let formats: [KioskCamera.CameraPixelFormat]
        if format == .auto {
            formats = defaults.pixelFormats
        } else if let chosen = KioskCamera.CameraPixelFormat(rawValue: format.rawValue) {
            // The chosen format first; the rest stay as fallbacks should the driver refuse it.
            formats = [chosen] + defaults.pixelFormats.filter { $0 != chosen }
        } else {
            formats = defaults.pixelFormats
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
