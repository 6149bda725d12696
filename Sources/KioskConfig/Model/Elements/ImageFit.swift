/// How an image is scaled into its frame.
public enum ImageFit: String, CaseIterable, Sendable {
    /// Stretched to the frame, ignoring aspect ratio.
    case fill
    /// Scaled to fit inside, keeping aspect ratio.
    case contain
    /// Scaled to cover the frame, keeping aspect ratio, cropped.
    case cover
    /// Unscaled, centred.
    case center
}
