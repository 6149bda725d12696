import KioskConfig
import KioskEngine
import KioskOptions
import KioskTouch

/// The picture a scene is composed for: the panel's size as scanned out, how the panel is turned,
/// and the size the screens are laid out at. Every command gets it from `SceneRoot`, so `run`,
/// `preview`, `render`, `demo` and `simulate` agree on it for the same config.
public struct SceneGeometry: Hashable, Sendable {
    /// The panel's mode (or the headless frame, or the window's texture) in pixels, before rotation.
    public var panelSize: PixelSize
    /// How the panel is turned: the screens are laid out upright and turned onto it.
    public var rotation: Rotation
    /// Window pixels per scene pixel: a desktop window too big for the screen is shown smaller; 1 elsewhere.
    public var scale: Double

    public init(panelSize: PixelSize, rotation: Rotation, scale: Double = 1) {
        self.panelSize = panelSize
        self.rotation = rotation
        self.scale = scale
    }

    /// What `[display]` asks for: its `mode`'s size, else its `size`, and its `rotation`;
    /// `size` and `rotation` override them (`render --size --rotation`).
    public init(display: DisplayConfiguration, size: PixelSize? = nil, rotation: Rotation? = nil) {
        self.init(panelSize: size ?? display.panelSize, rotation: rotation ?? display.rotation)
    }

    /// The size the screens are laid out at: the panel's, turned by the rotation.
    public var logicalSize: Size {
        rotation.turning(Size(width: Double(panelSize.width), height: Double(panelSize.height)))
    }

    /// Where touches land on this scene: the panel's axes turned back as the picture is.
    public var touchSurface: TouchSurface {
        TouchSurface(sceneSize: logicalSize, displayRotation: rotation)
    }
}
