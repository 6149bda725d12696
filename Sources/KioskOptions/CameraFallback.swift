/// What the background shows while the camera is missing, unplugged or sending garbage (`[camera] fallback`).
public enum CameraFallback: String, CaseIterable, Sendable {
    case pattern
    /// The file or folder in `[camera] path`.
    case image
    /// Black.
    case none
}
