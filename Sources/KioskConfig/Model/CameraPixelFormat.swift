/// The V4L2 pixel format asked of the camera.
public enum CameraPixelFormat: String, CaseIterable, Sendable {
    /// The first of the device's formats that can be converted, MJPEG last.
    case auto
    case yuyv
    case uyvy
    case nv12
    case rgb24
    case bgr24
    case xrgb32
    case mjpeg
}
