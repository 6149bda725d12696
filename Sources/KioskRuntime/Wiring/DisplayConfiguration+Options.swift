import KioskConfig
import KioskCompositor
import KioskDisplay
import KioskOptions

extension DisplayConfiguration {
    /// The display module's options for `[display]`, with `--display` overriding the backend.
    public func displayOptions(backendOverride: DisplayBackend? = nil) -> DisplayOptions {
        DisplayOptions(
            backend: backendOverride ?? backend,
            cardPath: device,
            connectorName: connector,
            mode: mode,
            bufferCount: buffers,
            planes: planes,
            waitForOutput: waitForOutput,
            headlessWidth: panelSize.width,
            headlessHeight: panelSize.height,
            headlessRefreshRate: refreshRate,
            windowRotation: rotation)
    }
}
