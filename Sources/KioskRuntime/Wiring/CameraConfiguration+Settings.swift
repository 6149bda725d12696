import KioskCamera
import KioskConfig

extension CameraConfiguration {
    /// The camera module's settings for `[camera]`.
    public var cameraSettings: CameraSettings {
        let defaults = CameraSettings()
        var formats = defaults.pixelFormats
        // `auto` names no format; any other goes first, the rest stay as fallbacks should the driver refuse it.
        if let format {
            formats = [format] + formats.filter { $0 != format }
        }
        var settings = CameraSettings(
            source: source,
            devicePath: device,
            requestedWidth: size?.width ?? defaults.requestedWidth,
            requestedHeight: size?.height ?? defaults.requestedHeight,
            automaticSize: size == nil,
            pixelFormats: formats,
            framesPerSecond: Double(framesPerSecond),
            imagePath: path,
            slideshowInterval: slideshowInterval,
            fallback: fallback)
        settings.playsAudio = audio
        return settings
    }
}
