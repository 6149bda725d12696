import KioskEngine

/// The picture touches land in: the scene the views are laid out in, and how `[display] rotation`
/// turns that picture on the panel. A touch reaches the panel's native scan-out first (see
/// `TouchCalibration`), then this undoes the display's turn, so touch follows the picture.
public struct TouchSurface: Hashable, Sendable {
    /// The scene's size in pixels: the panel's mode, turned by `displayRotation`.
    public var sceneSize: Size
    /// How the picture is turned on the panel, clockwise.
    public var displayRotation: Rotation

    public init(sceneSize: Size, displayRotation: Rotation) {
        self.sceneSize = sceneSize
        self.displayRotation = displayRotation
    }

    /// A normalised position on the panel's native scan-out, in scene pixels.
    public func scenePoint(panel point: Point) -> Point {
        let scene = displayRotation.inverse.turning(normalised: point)
        return Point(x: scene.x * sceneSize.width, y: scene.y * sceneSize.height)
    }
}
