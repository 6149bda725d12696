/// A capture pixel format the camera feed converts, named as in the config file (`[camera] format`).
///
/// The camera module adds what V4L2 needs (four-character codes, frame lengths).
public enum CameraPixelFormat: String, CaseIterable, Hashable, Sendable {
    /// Packed 4:2:2, Y0 U Y1 V.
    case yuyv
    /// Packed 4:2:2, U Y0 V Y1.
    case uyvy
    /// A full-resolution Y plane followed by an interleaved, half-resolution UV plane.
    case nv12
    /// Three planes: full-resolution Y, then half-resolution U and V (V4L2's 'YU12').
    case i420
    /// Three bytes a pixel: R, G, B.
    case rgb24
    /// Three bytes a pixel: B, G, R.
    case bgr24
    /// Four bytes a pixel in memory: X, R, G, B (V4L2's 'BX24').
    case xrgb32
    /// Four bytes a pixel in memory: B, G, R, X (V4L2's 'XR24', DRM's XRGB8888: a plane scans it out as captured).
    case xbgr32
    /// Motion JPEG: each frame one JPEG picture.
    case mjpeg
}
