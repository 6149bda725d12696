import CPixman
import KioskEngine

/// The display rotation in the compositor's final pass: scene rectangles to display rectangles,
/// and pixman's transform back.
extension Rotation {
    /// The scene's size for a display of `width` x `height`: the size the views are laid out in.
    public func sceneSize(displayWidth width: Int, displayHeight height: Int) -> (width: Int, height: Int) {
        swapsAxes ? (height, width) : (width, height)
    }

    /// Where a scene rectangle lands on the display; the scene is `sceneWidth` x `sceneHeight`.
    func displayRect(_ r: PixelRect, sceneWidth w: Int, sceneHeight h: Int) -> PixelRect {
        switch self {
        case .none: return r
        case .clockwise90: return PixelRect(x: h - r.maxY, y: r.x, width: r.height, height: r.width)
        case .clockwise180: return PixelRect(x: w - r.maxX, y: h - r.maxY, width: r.width, height: r.height)
        case .clockwise270: return PixelRect(x: r.y, y: w - r.maxX, width: r.height, height: r.width)
        }
    }

    /// Pixman's map from display pixels back to scene pixels.
    func sourceTransform(sceneWidth w: Int, sceneHeight h: Int) -> pixman_transform {
        let one = pixman_fixed_t(1 << 16)
        func fixed(_ v: Int) -> pixman_fixed_t { pixman_fixed_t(v) << 16 }
        var t = pixman_transform()
        switch self {
        case .none:
            t.matrix = ((one, 0, 0), (0, one, 0), (0, 0, one))
        case .clockwise90: // scene x = display y, scene y = h - display x
            t.matrix = ((0, one, 0), (-one, 0, fixed(h)), (0, 0, one))
        case .clockwise180:
            t.matrix = ((-one, 0, fixed(w)), (0, -one, fixed(h)), (0, 0, one))
        case .clockwise270: // scene x = w - display y, scene y = display x
            t.matrix = ((0, -one, fixed(w)), (one, 0, 0), (0, 0, one))
        }
        return t
    }
}
