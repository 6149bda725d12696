import KioskEngine

/// Where a display item's pixels come from.
enum DisplayItemSource: Hashable {
    /// A view's background, shadow and content, drawn once with cairo.
    case surface(LayerSurfaceKey)
    /// A view that is nothing but a colour, square and in whole pixels: filled, with no surface to keep.
    case solidColor(Color)
    /// The background feed frame, aspect-filled into the view's bounds.
    case backgroundFeed
    /// The blurred, tinted copy of the feed frame.
    case blurredBackgroundFeed(BlurStyle)

    var isFeed: Bool {
        if case .surface = self { return false }
        return true
    }
}
