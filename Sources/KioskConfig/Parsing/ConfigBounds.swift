/// The bounds a config file must keep: its size, checked before it is parsed, and how deeply its
/// tables, keys, inline tables and arrays nest, which `TOMLParser` enforces as it reads (so its
/// recursion, and the time a dotted header 20,000 keys deep takes, stay bounded), and how many
/// screens and outputs it has, which are checked before any is read. Documented in
/// Config/kiosk.toml.
public struct ConfigBounds {
    /// The largest config file read (a real kiosk's is a few kilobytes).
    public static let maximumBytes = 1024 * 1024
    /// The most `[[screen]]` tables: each is built and laid out at start and at every reload.
    public static let maximumScreens = 1000
    /// The most `[[display.output]]` tables: each runs its own display, thread, descriptors and buffers.
    public static let maximumOutputs = 16
    /// The deepest nesting: header keys (`[a.b.c]` is 3), plus dotted keys under it, plus the
    /// inline tables and arrays a value opens (`[[screen.element.content]]` is 3).
    public static let maximumDepth = 32

    /// What the parser reports at the first key, dot or value past `maximumDepth`.
    static let nestingMessage = "nested more than \(maximumDepth) levels deep (tables, dotted keys, inline tables and arrays together); flatten it"

    /// Where `text` first breaks the size bound and the message (after the file name), or nil.
    public static func firstViolation(in text: String) -> (position: SourcePosition, message: String)? {
        guard text.utf8.count > maximumBytes else { return nil }
        return (position(ofByte: maximumBytes, in: text), "the file is \(text.utf8.count) bytes, more than the \(maximumBytes) bytes a config may hold")
    }

    /// The line and column of the UTF-8 byte at `offset`.
    static func position(ofByte offset: Int, in text: String) -> SourcePosition {
        var line = 1, column = 1, bytes = 0
        for scalar in text.unicodeScalars {
            bytes += String(scalar).utf8.count
            if bytes > offset { break }
            if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        return SourcePosition(line: line, column: column)
    }
}
