import KioskEngine

/// Where a display item's pixels come from.
enum DisplayItemSource: Hashable {
    /// A view's background, shadow and content, drawn once by `LayerPainter`.
    case surface(LayerSurfaceKey)
    /// A view that is nothing but a square colour, moved but not scaled or turned: filled, with no
    /// surface to keep (a screen's background would need one the size of the screen).
    case solidColor(Color)
    /// The background feed frame, aspect-filled into the view's bounds.
    case backgroundFeed
    /// The blurred, tinted copy of the feed frame.
    case blurredBackgroundFeed(BlurStyle)
    /// A video element's newest frame (already fitted to the view's size); `opaque` when the fit
    /// leaves no bars.
    case videoFeed(opaque: Bool)

    var isFeed: Bool {
        if case .surface = self { return false }
        return true
    }
}
