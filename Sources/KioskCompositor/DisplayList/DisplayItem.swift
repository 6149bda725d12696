import KioskEngine

/// One thing to draw: a view's surface or a feed, where it lands on screen and how.
///
/// Two frames' items are compared field by field; an item that is equal in both and keeps its
/// place in z-order needs no redraw.
struct DisplayItem: Equatable {
    struct ID: Hashable {
        var view: ObjectIdentifier
        var isFeed: Bool
    }

    var id: ID
    var source: DisplayItemSource
    /// The view's size in its own coordinates.
    var size: Size
    /// Maps the item's own pixels (surface coordinates) to the screen.
    var matrix: ProjectiveMatrix
    var opacity: Double
    /// Screen pixels the item may touch: its bounding box cut by clipping ancestors and the screen.
    var bounds: PixelRect
    /// Screen pixels the item covers completely with opaque colour.
    var opaqueRects: [PixelRect]
    /// The feed frame shown, for feed items: a new frame is new damage.
    var feedFrame: FeedFrameID?
    /// The innermost rounded ancestor that clips this item, if any.
    var roundedClip: RoundedClip?
}

/// Tells feed frames apart: the buffer and the picture in it.
struct FeedFrameID: Hashable {
    var buffer: ObjectIdentifier
    var sequence: UInt64
}
