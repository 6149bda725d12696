/// `[power] backlight`: which backlight the daemon dims and switches off.
public enum BacklightSelection: Hashable, Sendable {
    /// The first folder under /sys/class/backlight, if any.
    case automatic
    /// No backlight: brightness and dimming do nothing.
    case none
    /// A backlight folder such as /sys/class/backlight/intel_backlight.
    case folder(String)

    /// Parses `"auto"`, `"none"` or an absolute path; nil for anything else.
    init?(parsing text: String) {
        switch text {
        case "auto": self = .automatic
        case "none": self = .none
        case _ where text.hasPrefix("/"): self = .folder(text)
        default: return nil
        }
    }
}
