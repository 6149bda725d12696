import KioskEngine

/// The config's errors over the last good screens: a dark veil across the whole scene with one
/// `FILE:LINE:COLUMN: message` a line, drawn as text content like any label.
public enum ErrorOverlay {
    /// A view covering a scene of `size` that shows `text` (a rejected reload's `FILE:LINE:COLUMN` lines).
    public static func makeView(text: String, size: Size) -> View {
        let veil = View(name: "config-errors", frame: Rect(origin: .zero, size: size))
        veil.backgroundColor = Color(red: 0.08, green: 0, blue: 0, alpha: 0.82)
        let margin = (min(size.width, size.height) * 0.05).rounded()
        let label = View(name: "config-errors-text",
                         frame: Rect(x: margin, y: margin, width: size.width - 2 * margin, height: size.height - 2 * margin))
        // Large enough to read from a desk, small enough for a few long lines on a small panel.
        let fontSize = min(max((size.height / 28).rounded(), 14), 36)
        label.content = .text(TextContent(text, fontSize: fontSize,
                                          color: Color(red: 1, green: 0.86, blue: 0.86), alignment: .left))
        veil.addSubview(label)
        return veil
    }
}
