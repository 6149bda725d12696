/// The one cap on a value's text, whatever its source: `SetValue` refuses longer text, and a
/// file's or command's first line is cut to it (with a warning). Laying out and drawing a value
/// is then bounded however much text the source offers. Documented in Config/kiosk.toml.
public enum ValueTextLimit {
    /// The most UTF-8 bytes a value's text holds.
    public static let bytes = 4096

    /// `text` cut at the last whole character within `bytes` UTF-8 bytes, and whether it was cut.
    public static func truncating(_ text: Substring) -> (text: String, truncated: Bool) {
        guard text.utf8.count > bytes else { return (String(text), false) }
        var end = text.startIndex
        var used = 0
        for index in text.indices {
            let size = text[index].utf8.count
            if used + size > bytes { break }
            used += size
            end = text.index(after: index)
        }
        return (String(text[..<end]), true)
    }
}
