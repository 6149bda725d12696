/// Values: strings, arrays and inline tables here; numbers, booleans and dates in `TOMLParser+Scalars`.
extension TOMLParser {
    /// The value at the scanner, nested at level `depth` (the key's); what it contains is one deeper.
    mutating func parseValue(depth: Int) throws(TOMLSyntaxError) -> TOMLNode {
        switch scanner.current {
        case UInt8(ascii: "\"")?:
            return .string(scanner.starts(with: "\"\"\"") ? try multiLineString(quote: UInt8(ascii: "\"")) : try basicString())
        case UInt8(ascii: "'")?:
            return .string(scanner.starts(with: "'''") ? try multiLineString(quote: UInt8(ascii: "'")) : try literalString())
        case UInt8(ascii: "[")?:
            return try array(depth: depth)
        case UInt8(ascii: "{")?:
            return try inlineTable(depth: depth)
        case let byte? where Self.isScalarByte(byte):
            return try scalar()
        default:
            throw error("expected a value (\"text\", a number, true, false, [an array] or {a table}), found \(scanner.describeCurrent)")
        }
    }

    // MARK: Strings

    /// `"text"` with escapes, on one line.
    mutating func basicString() throws(TOMLSyntaxError) -> String {
        let start = scanner.position
        scanner.advance()
        var text: [UInt8] = []
        while true {
            guard let byte = scanner.current else {
                throw error("the string opened at line \(start.line), column \(start.column) is not closed; add the closing \"")
            }
            switch byte {
            case UInt8(ascii: "\""):
                scanner.advance()
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try escape(into: &text)
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                throw error("the string is not closed before the end of the line; add the closing \" "
                            + "(text over several lines goes between \"\"\" and \"\"\")")
            default:
                if TOMLScanner.isForbiddenControl(byte) { throw controlInString() }
                text.append(byte)
                scanner.advance()
            }
        }
    }

    /// `'text'`, taken as written, on one line.
    mutating func literalString() throws(TOMLSyntaxError) -> String {
        let start = scanner.position
        scanner.advance()
        var text: [UInt8] = []
        while true {
            guard let byte = scanner.current else {
                throw error("the string opened at line \(start.line), column \(start.column) is not closed; add the closing '")
            }
            switch byte {
            case UInt8(ascii: "'"):
                scanner.advance()
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                throw error("the string is not closed before the end of the line; add the closing ' "
                            + "(text over several lines goes between ''' and ''')")
            default:
                if TOMLScanner.isForbiddenControl(byte) { throw controlInString() }
                text.append(byte)
                scanner.advance()
            }
        }
    }

    /// `"""text"""` (with escapes) or `'''text'''` (as written), over any number of lines. A newline
    /// right after the opening quotes is not part of the text; CRLF is read as LF.
    mutating func multiLineString(quote: UInt8) throws(TOMLSyntaxError) -> String {
        let start = scanner.position
        let delimiter = String(repeating: String(Unicode.Scalar(quote)), count: 3)
        scanner.advance(3)
        if scanner.current == UInt8(ascii: "\n") {
            scanner.advance()
        } else if scanner.current == UInt8(ascii: "\r") && scanner.peek(1) == UInt8(ascii: "\n") {
            scanner.advance(2)
        }
        var text: [UInt8] = []
        while true {
            guard let byte = scanner.current else {
                throw error("the text opened with \(delimiter) at line \(start.line), column \(start.column) is not closed; "
                            + "add the closing \(delimiter)")
            }
            switch byte {
            case quote:
                var count = 1
                while scanner.peek(count) == quote && count < 6 { count += 1 }
                if count >= 3 {
                    if count == 6 {
                        scanner.advance(5)
                        throw error("too many quotes: at most two may stand before the closing \(delimiter)")
                    }
                    text.append(contentsOf: Array(repeating: quote, count: count - 3))
                    scanner.advance(count)
                    return String(decoding: text, as: UTF8.self)
                }
                text.append(contentsOf: Array(repeating: quote, count: count))
                scanner.advance(count)
            case UInt8(ascii: "\\") where quote == UInt8(ascii: "\""):
                var ahead = 1
                while scanner.peek(ahead) == UInt8(ascii: " ") || scanner.peek(ahead) == UInt8(ascii: "\t") { ahead += 1 }
                if scanner.peek(ahead) == UInt8(ascii: "\n")
                    || (scanner.peek(ahead) == UInt8(ascii: "\r") && scanner.peek(ahead + 1) == UInt8(ascii: "\n")) {
                    // A backslash ending a line joins it to the next: the line break and leading blanks go.
                    scanner.advance(ahead)
                    while let next = scanner.current {
                        if next == UInt8(ascii: " ") || next == UInt8(ascii: "\t") {
                            scanner.advance()
                        } else if next == UInt8(ascii: "\n") || next == UInt8(ascii: "\r") {
                            try newline()
                        } else {
                            break
                        }
                    }
                } else {
                    try escape(into: &text)
                }
            case UInt8(ascii: "\n"):
                text.append(byte)
                scanner.advance()
            case UInt8(ascii: "\r"):
                try newline()
                text.append(UInt8(ascii: "\n"))
            default:
                if TOMLScanner.isForbiddenControl(byte) { throw controlInString() }
                text.append(byte)
                scanner.advance()
            }
        }
    }

    /// A backslash escape in a basic string, as UTF-8 appended to `text`.
    mutating func escape(into text: inout [UInt8]) throws(TOMLSyntaxError) {
        let start = scanner.position
        scanner.advance()
        let simple: UInt8?
        switch scanner.current {
        case UInt8(ascii: "b")?: simple = 0x08
        case UInt8(ascii: "t")?: simple = 0x09
        case UInt8(ascii: "n")?: simple = 0x0A
        case UInt8(ascii: "f")?: simple = 0x0C
        case UInt8(ascii: "r")?: simple = 0x0D
        case UInt8(ascii: "\"")?: simple = UInt8(ascii: "\"")
        case UInt8(ascii: "\\")?: simple = UInt8(ascii: "\\")
        case UInt8(ascii: "u")?, UInt8(ascii: "U")?: simple = nil
        default:
            throw TOMLSyntaxError(position: start, message: "'\\' followed by \(scanner.describeCurrent) is not an escape; "
                                  + "write \\\\ for a backslash (escapes: \\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX \\UXXXXXXXX)")
        }
        if let simple {
            text.append(simple)
            scanner.advance()
            return
        }
        let digits = scanner.current == UInt8(ascii: "u") ? 4 : 8
        scanner.advance()
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard let byte = scanner.current, let digit = Self.hexValue(byte) else {
                throw TOMLSyntaxError(position: start, message: "a \\\(digits == 4 ? "u" : "U") escape needs \(digits) hex digits")
            }
            value = value &* 16 &+ UInt32(digit)
            scanner.advance()
        }
        guard let scalar = Unicode.Scalar(value) else {
            throw TOMLSyntaxError(position: start, message: "\(TOMLScanner.unicodeName(value)) is not a Unicode character "
                                  + "(a surrogate, or beyond U+10FFFF)")
        }
        UTF8.encode(scalar) { text.append($0) }
    }

    func controlInString() -> TOMLSyntaxError {
        let code = scanner.current.map { TOMLScanner.unicodeName(UInt32($0)) } ?? "U+0000"
        return error("\(scanner.describeCurrent) in a string; write it as an escape (\\u\(code.dropFirst(2)))")
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    // MARK: Arrays and inline tables

    /// Blanks, line breaks and comments, which may stand between an array's values.
    mutating func skipArrayBlanks() throws(TOMLSyntaxError) {
        while let byte = scanner.current {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"): scanner.advance()
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"): try newline()
            case UInt8(ascii: "#"): try comment()
            default: return
            }
        }
    }

    /// `[1, 2, 3]`, over any number of lines, with an optional comma after the last value.
    mutating func array(depth: Int) throws(TOMLSyntaxError) -> TOMLNode {
        let start = scanner.position
        scanner.advance()
        var elements: [TOMLNode] = []
        while true {
            try skipArrayBlanks()
            guard let byte = scanner.current else {
                throw error("the array opened at line \(start.line), column \(start.column) is not closed; add ']'")
            }
            if byte == UInt8(ascii: "]") {
                scanner.advance()
                return .array(elements)
            }
            if depth + 1 > ConfigBounds.maximumDepth { throw tooDeep() }
            elements.append(try parseValue(depth: depth + 1))
            try skipArrayBlanks()
            switch scanner.current {
            case UInt8(ascii: ",")?:
                scanner.advance()
            case UInt8(ascii: "]")?:
                scanner.advance()
                return .array(elements)
            case nil:
                throw error("the array opened at line \(start.line), column \(start.column) is not closed; add ']'")
            default:
                throw error("expected ',' or ']' after a value in the array opened at line \(start.line), column \(start.column), "
                            + "found \(scanner.describeCurrent)")
            }
        }
    }

    /// `{ a = 1, b.c = 2 }`, on one line and without a comma after the last key (TOML 1.0).
    mutating func inlineTable(depth: Int) throws(TOMLSyntaxError) -> TOMLNode {
        let start = scanner.position
        scanner.advance()
        let table = TOMLTableBuilder()
        var dotted: [(table: TOMLTableBuilder, position: SourcePosition)] = []
        scanner.skipBlanks()
        if scanner.current == UInt8(ascii: "}") {
            scanner.advance()
            return table.node
        }
        while true {
            scanner.skipBlanks()
            switch scanner.current {
            case nil, UInt8(ascii: "\n")?, UInt8(ascii: "\r")?:
                throw error("the inline table opened at line \(start.line), column \(start.column) must close with '}' on "
                            + "the same line; use a [table] header for a longer table")
            case UInt8(ascii: "}")?:
                throw error("a ',' before '}' is not allowed in an inline table; delete it")
            default:
                break
            }
            try keyValue(in: table, depth: depth, dotted: &dotted)
            scanner.skipBlanks()
            switch scanner.current {
            case UInt8(ascii: ",")?:
                scanner.advance()
            case UInt8(ascii: "}")?:
                scanner.advance()
                return table.node
            case nil, UInt8(ascii: "\n")?, UInt8(ascii: "\r")?:
                throw error("the inline table opened at line \(start.line), column \(start.column) must close with '}' on "
                            + "the same line; use a [table] header for a longer table")
            default:
                throw error("expected ',' or '}' in the inline table opened at line \(start.line), column \(start.column), "
                            + "found \(scanner.describeCurrent)")
            }
        }
    }
}
