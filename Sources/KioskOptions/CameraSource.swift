/// What fills the background behind transparent screens (`[camera] source`).
public enum CameraSource: String, CaseIterable, Sendable {
    /// A V4L2 capture device (a webcam, a capture card, the vivid test driver).
    case v4l2
    /// A generated moving test pattern: needs no hardware.
    case pattern
    /// A video file, a folder of clips played in name order, or a stream URI, through GStreamer.
    case video
    /// A still PNG/JPEG, or a slideshow of the pictures in a folder.
    case image
    /// Black: no background feed.
    case none
}
