/// What fills the background behind transparent screens.
public enum CameraSource: String, CaseIterable, Sendable {
    /// A V4L2 capture device.
    case v4l2
    /// A generated moving test pattern: needs no hardware.
    case pattern
    /// A still image, or a slideshow of the images in a folder.
    case image
    /// Black.
    case none
}
