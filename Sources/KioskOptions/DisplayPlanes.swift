/// `[display] planes`: whether the camera feed may be scanned out from a KMS plane of its own.
public enum DisplayPlanes: String, CaseIterable, Sendable {
    /// The feed goes on its own plane whenever the screen and the hardware allow it, else it is composed.
    case auto
    /// Every frame is composed on the CPU into one buffer (the behaviour before planes).
    case off
}
