import KioskConfig
import KioskTouch

extension DisplayConfiguration {
    /// Where touches land on the headless display `simulate` and `demo` run on: the same mapping
    /// as `Compositor.touchSurface` gives the daemon.
    public var touchSurface: TouchSurface {
        TouchSurface(sceneSize: logicalSize, displayRotation: rotation)
    }
}
