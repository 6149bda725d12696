/// Finds table headers that TOMLKit's parser (toml++) cannot be trusted with: one whose name
/// starts with anything but a bare-key character or a quote (`[é]`, `[[.]]`) fails an assertion
/// inside toml++ and aborts the process, where a syntax error is due. Run before parsing.
///
/// A small lexer: headers are recognised only at the top level, so a line opening with `[` inside
/// a multi-line array or string is left alone.
struct TableHeaderGuard {
    /// Where the first unsafe header's name should start and what is there instead, or nil when every header is safe.
    static func firstUnsafeHeader(in text: String) -> (position: SourcePosition, found: String)? {
        var lexer = Lexer(characters: Array(text.unicodeScalars))
        // toml++ skips a byte-order mark, so the first line starts after it.
        if lexer.current == "\u{FEFF}" { lexer.index += 1 }
        return lexer.run()
    }

    private struct Lexer {
        let characters: [Unicode.Scalar]
        var index = 0
        var line = 1
        var column = 1
        /// Open `[` and `{` of values; headers exist only at depth 0.
        var depth = 0
        var atLineStart = true

        var current: Unicode.Scalar? { index < characters.count ? characters[index] : nil }

        func starts(with text: String) -> Bool {
            let scalars = Array(text.unicodeScalars)
            guard index + scalars.count <= characters.count else { return false }
            return Array(characters[index..<(index + scalars.count)]) == scalars
        }

        mutating func advance(_ count: Int = 1) {
            for _ in 0..<count {
                guard let scalar = current else { return }
                index += 1
                if scalar == "\n" {
                    line += 1
                    column = 1
                    atLineStart = true
                } else {
                    column += 1
                }
            }
        }

        mutating func run() -> (position: SourcePosition, found: String)? {
            while let scalar = current {
                if scalar == " " || scalar == "\t" || scalar == "\r" || scalar == "\n" {
                    advance()
                    continue
                }
                let lineStart = atLineStart
                atLineStart = false
                if lineStart && depth == 0 && scalar == "[" {
                    if let unsafe = checkHeader() { return unsafe }
                    continue
                }
                switch scalar {
                case "#": skipToLineEnd()
                case "\"": skipString(quote: "\"", escapes: true)
                case "'": skipString(quote: "'", escapes: false)
                case "[", "{": depth += 1; advance()
                case "]", "}": depth = max(depth - 1, 0); advance()
                default: advance()
                }
            }
            return nil
        }

        /// At a header's `[`: the name must start on the same line with a bare-key character, a quote,
        /// or `]` (an empty name, which toml++ reports itself). The rest of the line is the header's.
        mutating func checkHeader() -> (position: SourcePosition, found: String)? {
            advance()
            if current == "[" { advance() }
            while current == " " || current == "\t" { advance() }
            let position = SourcePosition(line: line, column: column)
            guard let first = current else { return (position, "the end of the file") }
            if first == "\n" || first == "\r" { return (position, "the end of the line") }
            let allowed = first.isASCII && (first.properties.isAlphabetic || ("0"..."9").contains(first)
                                             || first == "_" || first == "-" || first == "\"" || first == "'" || first == "]")
            if !allowed { return (position, "'\(first)'") }
            skipToLineEnd()
            return nil
        }

        mutating func skipToLineEnd() {
            while let scalar = current, scalar != "\n" { advance() }
        }

        mutating func skipString(quote: Unicode.Scalar, escapes: Bool) {
            let triple = String(repeating: String(quote), count: 3)
            let multiLine = starts(with: triple)
            advance(multiLine ? 3 : 1)
            while let scalar = current {
                if escapes && scalar == "\\" {
                    advance(2)
                } else if multiLine && starts(with: triple) {
                    advance(3)
                    // Up to two more quotes may close a multi-line string ("""a"""").
                    while current == quote { advance() }
                    return
                } else if !multiLine && (scalar == quote || scalar == "\n") {
                    if scalar == quote { advance() }
                    return
                } else {
                    advance()
                }
            }
        }
    }
}
