/// How a picture is scaled into its view's bounds (`fit` of an image element).
public enum ImageFit: String, CaseIterable, Hashable, Sendable {
    /// Stretched to the bounds, ignoring the aspect ratio.
    case fill
    /// Scaled to fit inside, keeping the aspect ratio (letterboxed).
    case contain
    /// Scaled to cover the bounds, keeping the aspect ratio, cropping what overflows.
    case cover
    /// Natural size, centred.
    case center
}
