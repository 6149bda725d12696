import KioskCamera
import KioskCompositor
import KioskConfig
import KioskDisplay
import KioskEngine
import KioskOptions

/// The composition root: the one place a configuration becomes a compositor and a scene for a
/// `SceneGeometry`. `run` and `preview` (the daemon, on its display), `render`, `demo` and
/// `simulate` all build through it, so they lay out the same config the same way.
public struct SceneRoot {
    public let configuration: KioskConfiguration
    public let geometry: SceneGeometry

    public init(configuration: KioskConfiguration, geometry: SceneGeometry) {
        self.configuration = configuration
        self.geometry = geometry
    }

    /// For the display `[display]` asks for, headless: see `SceneGeometry.init(display:size:rotation:)`.
    public init(configuration: KioskConfiguration, size: PixelSize? = nil, rotation: Rotation? = nil) {
        self.init(configuration: configuration, geometry: SceneGeometry(display: configuration.display, size: size, rotation: rotation))
    }

    /// For a display that is open: its own size (a DRM connector's mode), turned by `[display] rotation`.
    public init(configuration: KioskConfiguration, display: any Display, scale: Double = 1) {
        let size = PixelSize(width: display.size.width, height: display.size.height)
        self.init(configuration: configuration,
                  geometry: SceneGeometry(panelSize: size, rotation: configuration.display.rotation, scale: scale))
    }

    /// The same geometry for another configuration: what a reload builds, on the display that runs.
    public func reconfigured(_ configuration: KioskConfiguration) -> SceneRoot {
        SceneRoot(configuration: configuration, geometry: geometry)
    }

    /// A compositor for the panel, composing the scene upright and turning it onto the panel.
    public func makeCompositor(threads: Int? = nil) -> Compositor {
        Compositor(displayWidth: geometry.panelSize.width, displayHeight: geometry.panelSize.height,
                   rotation: geometry.rotation, threads: threads)
    }

    /// The builder of the configuration's screens at the geometry's logical size.
    public func sceneBuilder(values: ValueStore? = nil) -> SceneBuilder {
        SceneBuilder(configuration: configuration, size: geometry.logicalSize, values: values)
    }

    /// The configuration's scene on `frameClock`, on `initialScreen` when it names one.
    public func buildScene(frameClock: any FrameClock, initialScreen: String? = nil) throws -> KioskScene {
        try sceneBuilder().build(frameClock: frameClock, initialScreen: initialScreen)
    }

    /// The background feed as a function of time (its pattern, picture or fallback) at the
    /// scene's size; nil when the config shows none. `render` and `demo` draw from it.
    public func makeTimedBackground() throws -> TimedFrameSource? {
        let size = geometry.logicalSize
        return try CameraFeedFactory.makeTimedSource(settings: configuration.camera.cameraSettings,
                                                     displayWidth: Int(size.width), displayHeight: Int(size.height))
    }
}
