import KioskConfig
import KioskCompositor
import KioskDisplay

extension DisplayConfiguration {
    /// The display module's options for `[display]`, with `--display` overriding the backend.
    public func displayOptions(backendOverride: KioskDisplay.DisplayBackend? = nil) -> DisplayOptions {
        DisplayOptions(
            backend: backendOverride ?? KioskDisplay.DisplayBackend(rawValue: backend.rawValue) ?? .auto,
            cardPath: device,
            connectorName: connector,
            mode: mode.map { ModeRequest(width: $0.size.width, height: $0.size.height, refreshRate: $0.refreshRate) },
            bufferCount: buffers,
            headlessWidth: size.width,
            headlessHeight: size.height,
            headlessRefreshRate: refreshRate,
            windowRotation: DisplayRotation(degrees: rotation.degrees) ?? .none)
    }
}
