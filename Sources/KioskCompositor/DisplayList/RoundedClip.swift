import KioskEngine

/// A rounded rectangle that clips a view's subviews: the clipping view's bounds, on screen.
struct RoundedClip: Hashable {
    /// Maps the clipping view's own coordinates to the screen.
    var matrix: ProjectiveMatrix
    var width: Int
    var height: Int
    var radius: Double
}
