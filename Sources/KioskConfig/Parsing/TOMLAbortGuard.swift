/// Finds the syntax errors that TOMLKit's parser (toml++) fails an assertion on and aborts the
/// process, where a syntax error is due: a table header whose name starts with anything but a
/// bare-key character or a quote (`[é]`, `[[.]]`), and a `}` where an array needs a value
/// (`a = [}`, `a = [1, }`; found by FuzzConfig). Run before parsing.
///
/// Why a guard and not toml++ built without assertions: the two checks these inputs trip are
/// `TOML_ASSERT_ASSUME`, which with NDEBUG becomes `__builtin_assume`, so a false condition is
/// undefined behaviour rather than an error (a test build with -DNDEBUG happened to report
/// them, which the optimiser is free to change). TOMLKit builds toml++ with its assertions on,
/// in release too, and a dependency's defines cannot be set from this package.
///
/// A small lexer: headers are recognised only at the top level, so a line opening with `[` inside
/// a multi-line array or string is left alone; strings and comments are skipped.
struct TOMLAbortGuard {
    /// Where the first such error is and what it is (after "TOML syntax error: "), or nil when there is none.
    static func firstAbort(in text: String) -> (position: SourcePosition, reason: String)? {
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
        /// The `[` and `{` of values still open, innermost last; headers exist only when none is.
        var open: [Unicode.Scalar] = []
        /// After an array's `[` or a `,` in it, until the next value: toml++ aborts on a `}` there.
        var arrayWantsValue = false
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

        mutating func run() -> (position: SourcePosition, reason: String)? {
            while let scalar = current {
                if scalar == " " || scalar == "\t" || scalar == "\r" || scalar == "\n" {
                    advance()
                    continue
                }
                let lineStart = atLineStart
                atLineStart = false
                if lineStart && open.isEmpty && scalar == "[" {
                    if let unsafe = checkHeader() {
                        return (unsafe.position, "a table name starts with a letter, digit, '_', '-' or a quote, not "
                                    + "\(unsafe.found); quote names with other characters")
                    }
                    continue
                }
                if scalar == "}" && arrayWantsValue && open.last == "[" {
                    return (SourcePosition(line: line, column: column), "an array needs a value or ']' here, not '}'")
                }
                if scalar == "#" { skipToLineEnd(); continue }
                arrayWantsValue = scalar == "[" || (scalar == "," && open.last == "[")
                switch scalar {
                case "\"": skipString(quote: "\"", escapes: true)
                case "'": skipString(quote: "'", escapes: false)
                case "[", "{": open.append(scalar); advance()
                case "]", "}": _ = open.popLast(); advance()
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
