/// Text from outside (a key, a name, a value) as log lines and errors quote it: a megabyte-long
/// name is cut to its start, an ellipsis and its length, so one message stays one readable line.
public enum MessageText {
    /// The most characters quoted whole.
    public static let quotedLimit = 64

    /// `text` itself when short; otherwise its first `limit` characters, "…" and its length,
    /// e.g. `aaaa…(1048576 bytes)`.
    public static func shortened(_ text: String, limit: Int = quotedLimit) -> String {
        // utf8.count is O(1) for native strings; a long text is never walked whole.
        guard text.utf8.count > limit else { return text }
        var head = ""
        for character in text {
            if head.count == limit { break }
            head.append(character == "\n" ? " " : character)
        }
        guard head.utf8.count < text.utf8.count else { return text }
        return "\(head)…(\(text.utf8.count) bytes)"
    }
}
