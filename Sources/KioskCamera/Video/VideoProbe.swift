/// `check-config`'s trial of a video background: what GStreamer says when it cannot play a file or
/// a folder's first clip, within the first-frame wait.
public enum VideoProbe {
    /// Nil when the clip plays; else the reason, GStreamer's message included.
    public static func problem(with path: String) -> String? {
        let device = VideoPipelineDevice(path: path)
        defer { device.close() }
        do throws(CameraError) {
            _ = try device.open()
            return nil
        } catch {
            if case let .videoFailed(_, message) = error { return message }
            return "\(error)"
        }
    }
}
