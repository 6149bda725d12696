/// What shows that text did not fit its lines.
public enum TextOverflow: String, CaseIterable, Hashable, Sendable {
    /// The text stops after the last line that fits.
    case clip
    /// The last line drawn ends in "…".
    case ellipsis
}
