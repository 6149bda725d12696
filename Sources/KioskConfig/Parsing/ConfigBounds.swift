/// The bounds a config file must keep before it is parsed: its size, how deeply its tables,
/// keys, inline tables and arrays nest, and how many screens it has. toml++ builds a dotted header 20,000 keys deep in
/// quadratic time and memory (gigabytes for a 40 KB file), so such a file is refused by one
/// linear pass first. Documented in Config/kiosk.toml.
public struct ConfigBounds {
    /// The largest config file read (a real kiosk's is a few kilobytes).
    public static let maximumBytes = 1024 * 1024
    /// The deepest nesting: header keys (`[a.b.c]` is 3), plus dotted keys under it, plus the
    /// inline tables and arrays a value opens (`[[screen.element.content]]` is 3).
    public static let maximumDepth = 32
    /// The most `[[screen]]` tables.
    public static let maximumScreens = 1000

    /// Where `text` first breaks a bound and the message (after the file name), or nil.
    public static func firstViolation(in text: String) -> (position: SourcePosition, message: String)? {
        if text.utf8.count > maximumBytes {
            return (position(ofByte: maximumBytes, in: text), "the file is \(text.utf8.count) bytes, more than the \(maximumBytes) bytes a config may hold")
        }
        var scanner = Scanner(characters: Array(text.unicodeScalars))
        return scanner.run()
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

    private struct Scanner {
        /// A value's inline table or array still open: its own depth, and for a table whether a key comes next.
        struct Container {
            var isTable: Bool
            var depth: Int
        }

        let characters: [Unicode.Scalar]
        var index = 0
        var line = 1
        var column = 1
        var tableDepth = 0
        var screens = 0
        static let screenHeader = Array("screen".unicodeScalars)
        var open: [Container] = []
        var current: Unicode.Scalar? { index < characters.count ? characters[index] : nil }

        mutating func advance() {
            guard let scalar = current else { return }
            index += 1
            if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
        }

        func tooDeep(_ depth: Int) -> (position: SourcePosition, message: String) {
            (SourcePosition(line: line, column: column),
             "nested more than \(ConfigBounds.maximumDepth) levels deep (tables, dotted keys, inline tables and arrays together); flatten it")
        }

        mutating func run() -> (position: SourcePosition, message: String)? {
            if current == "\u{FEFF}" { advance() }
            while current != nil {
                skip(newlines: true)
                guard let scalar = current else { break }
                if scalar == "[" {
                    let header = SourcePosition(line: line, column: column)
                    advance()
                    let isArray = current == "["
                    if isArray { advance() }
                    let nameStart = index
                    // A header: its keys set the depth of what follows.
                    var depth = 1
                    while let scalar = current, scalar != "]", scalar != "\n" {
                        if scalar == "." {
                            depth += 1
                            if depth > ConfigBounds.maximumDepth { return tooDeep(depth) }
                        }
                        if scalar == "\"" || scalar == "'" { skipString() } else { advance() }
                    }
                    // Counted here, before parsing: 5,000 screens took seconds to parse at every reload.
                    if isArray && characters[nameStart..<index].filter({ $0 != " " && $0 != "\t" }) == Self.screenHeader {
                        screens += 1
                        if screens > ConfigBounds.maximumScreens {
                            return (header, "screen \(screens) is more than the \(ConfigBounds.maximumScreens) screens a kiosk may have"
                                    + " (each is built and laid out at start and at every reload); use fewer screens")
                        }
                    }
                    tableDepth = depth
                    skipToLineEnd()
                } else {
                    let before = index
                    if let problem = keyValue(base: tableDepth) { return problem }
                    if index == before { advance() }
                }
            }
            return nil
        }

        /// A `key = value` whose keys nest under `base`; stops after the value.
        mutating func keyValue(base: Int) -> (position: SourcePosition, message: String)? {
            var depth = base + 1
            while let scalar = current, scalar != "=" {
                if scalar == "\n" || scalar == "}" || scalar == "," { return nil }  // not a key: the parser says why
                if scalar == "." {
                    depth += 1
                    if depth > ConfigBounds.maximumDepth { return tooDeep(depth) }
                }
                if scalar == "\"" || scalar == "'" { skipString() } else { advance() }
            }
            guard current == "=" else { return nil }
            advance()
            return value(depth: depth)
        }

        /// One value at `depth`, with every inline table and array it opens.
        mutating func value(depth: Int) -> (position: SourcePosition, message: String)? {
            skip(newlines: false)
            guard let scalar = current else { return nil }
            switch scalar {
            case "[", "{":
                let isTable = scalar == "{"
                advance()
                while true {
                    skip(newlines: true)
                    guard let next = current else { return nil }
                    if next == (isTable ? "}" : "]") { advance(); return nil }
                    if next == "," { advance(); continue }
                    if depth + 1 > ConfigBounds.maximumDepth { return tooDeep(depth + 1) }
                    let before = index
                    if let problem = isTable ? keyValue(base: depth) : value(depth: depth + 1) { return problem }
                    // Whatever the parser will refuse, the scan moves on.
                    if index == before { advance() }
                }
            case "\"", "'":
                skipString()
            default:
                while let next = current, !" \t\r\n,]}#".unicodeScalars.contains(next) { advance() }
            }
            return nil
        }

        /// Blanks and comments, and newlines too when `newlines`.
        mutating func skip(newlines: Bool) {
            while let scalar = current {
                if scalar == " " || scalar == "\t" || scalar == "\r" || (newlines && scalar == "\n") {
                    advance()
                } else if scalar == "#" {
                    while let next = current, next != "\n" { advance() }
                } else {
                    return
                }
            }
        }

        mutating func skipToLineEnd() {
            while let scalar = current, scalar != "\n" {
                if scalar == "\"" || scalar == "'" { skipString() } else { advance() }
            }
        }

        /// A basic or literal string, one-line or multi-line, from its opening quote.
        mutating func skipString() {
            guard let quote = current else { return }
            let tripled = index + 2 < characters.count && characters[index + 1] == quote && characters[index + 2] == quote
            advance()
            if tripled {
                advance(); advance()
                while let scalar = current {
                    if scalar == "\\" && quote == "\"" { advance(); advance(); continue }
                    if scalar == quote && index + 2 < characters.count && characters[index + 1] == quote && characters[index + 2] == quote {
                        advance(); advance(); advance()
                        // Up to two more quotes belong to the string.
                        while current == quote { advance() }
                        return
                    }
                    advance()
                }
                return
            }
            while let scalar = current, scalar != "\n" {
                if scalar == "\\" && quote == "\"" { advance(); advance(); continue }
                advance()
                if scalar == quote { return }
            }
        }
    }
}
