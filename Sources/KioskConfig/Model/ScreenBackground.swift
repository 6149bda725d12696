import KioskEngine

/// What a screen draws behind its elements.
public enum ScreenBackground: Hashable, Sendable {
    /// The camera background shows through.
    case transparent
    case color(Color)

    /// Parses `"transparent"`, `"#RRGGBB"` or `"#RRGGBBAA"`.
    public init?(parsing text: String) {
        if text == "transparent" {
            self = .transparent
        } else if let color = Color(hex: text) {
            self = color.alpha == 0 ? .transparent : .color(color)
        } else {
            return nil
        }
    }
}
