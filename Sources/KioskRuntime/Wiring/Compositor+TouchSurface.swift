import KioskCompositor
import KioskTouch

extension Compositor {
    /// Where touches land: this compositor's scene, turned on the panel as it turns the picture.
    /// The daemon's touch devices and replays both take it, so touch follows `[display] rotation`.
    public var touchSurface: TouchSurface {
        TouchSurface(sceneSize: sceneSize, displayRotation: rotation)
    }
}
