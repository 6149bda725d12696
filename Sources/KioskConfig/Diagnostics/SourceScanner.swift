/// The single pass over TOML text behind `SourceLocator`. It assumes the text already parsed,
/// and on anything unexpected it moves on rather than failing.
struct SourceScanner {
    let characters: [Unicode.Scalar]
    var index = 0
    var line = 1
    var column = 1
    var keyPositions: [ConfigPath: SourcePosition] = [:]
    var valuePositions: [ConfigPath: SourcePosition] = [:]
    /// How many `[[...]]` tables each array path has seen so far.
    var arrayTableCounts: [ConfigPath: Int] = [:]

    init(text: String) {
        characters = Array(text.unicodeScalars)
    }

    var position: SourcePosition { SourcePosition(line: line, column: column) }
    var atEnd: Bool { index >= characters.count }
    var current: Unicode.Scalar? { atEnd ? nil : characters[index] }

    func peek(_ offset: Int) -> Unicode.Scalar? {
        index + offset < characters.count ? characters[index + offset] : nil
    }

    mutating func advance() {
        guard let scalar = current else { return }
        index += 1
        if scalar == "\n" {
            line += 1
            column = 1
        } else {
            column += 1
        }
    }

    mutating func skipBlanks() {
        while current == " " || current == "\t" { advance() }
    }

    mutating func skipToLineEnd() {
        while let scalar = current, scalar != "\n" { advance() }
    }

    /// Inside arrays, newlines and comments may separate values.
    mutating func skipBlanksCommentsAndNewlines() {
        while let scalar = current {
            if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
                advance()
            } else if scalar == "#" {
                skipToLineEnd()
            } else {
                return
            }
        }
    }

    mutating func scanDocument() {
        var table = ConfigPath.root
        while !atEnd {
            skipBlanks()
            guard let scalar = current else { break }
            let start = index
            switch scalar {
            case "\n", "\r":
                advance()
            case "#":
                skipToLineEnd()
            case "[":
                table = scanHeader()
                skipToLineEnd()
            default:
                scanKeyValue(in: table)
                skipToLineEnd()
            }
            if index == start { advance() }
        }
    }

    /// `[a.b]` or `[[a.b]]`; returns the table path with array indices resolved.
    mutating func scanHeader() -> ConfigPath {
        let start = position
        let isArrayTable = peek(1) == "["
        advance()
        if isArrayTable { advance() }
        let keys = scanKeys()
        var path = ConfigPath.root
        for (offset, key) in keys.enumerated() {
            path = path.appending(key.name)
            if keyPositions[path] == nil { keyPositions[path] = key.position }
            if isArrayTable && offset == keys.count - 1 {
                let count = arrayTableCounts[path, default: 0]
                arrayTableCounts[path] = count + 1
                path = path.appending(index: count)
                keyPositions[path] = start
            } else if let count = arrayTableCounts[path] {
                path = path.appending(index: count - 1)
            }
        }
        // A header names its table at its opening bracket, so "this table needs ..." points there.
        keyPositions[path] = start
        return path
    }

    mutating func scanKeyValue(in table: ConfigPath) {
        let keys = scanKeys()
        guard !keys.isEmpty else { return }
        var path = table
        for key in keys {
            path = path.appending(key.name)
            if keyPositions[path] == nil { keyPositions[path] = key.position }
        }
        skipBlanks()
        guard current == "=" else { return }
        advance()
        skipBlanks()
        scanValue(at: path)
    }

    /// A dotted key: bare, "basic" or 'literal' parts separated by dots.
    mutating func scanKeys() -> [(name: String, position: SourcePosition)] {
        var keys: [(name: String, position: SourcePosition)] = []
        while true {
            skipBlanks()
            let start = position
            var name = String.UnicodeScalarView()
            if current == "\"" || current == "'" {
                name = scanQuotedKey()
            } else {
                while let scalar = current, isBareKeyScalar(scalar) {
                    name.append(scalar)
                    advance()
                }
            }
            guard !name.isEmpty || start != position else { return keys }
            keys.append((String(name), start))
            skipBlanks()
            guard current == "." else { return keys }
            advance()
        }
    }

    func isBareKeyScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || scalar == "-" || scalar == "_"
    }

    mutating func scanQuotedKey() -> String.UnicodeScalarView {
        let quote = current
        advance()
        var name = String.UnicodeScalarView()
        while let scalar = current, scalar != quote, scalar != "\n" {
            if scalar == "\\" && quote == "\"" {
                advance()
            }
            if let escaped = current { name.append(escaped) }
            advance()
        }
        advance()
        return name
    }

    mutating func scanValue(at path: ConfigPath) {
        valuePositions[path] = position
        switch current {
        case "\"", "'":
            scanString()
        case "[":
            scanArray(at: path)
        case "{":
            scanInlineTable(at: path)
        default:
            while let scalar = current, !",]}#\n\r".unicodeScalars.contains(scalar) { advance() }
        }
    }

    mutating func scanString() {
        guard let quote = current else { return }
        let multiline = peek(1) == quote && peek(2) == quote
        let quoteLength = multiline ? 3 : 1
        for _ in 0..<quoteLength { advance() }
        while let scalar = current {
            if scalar == "\\" && quote == "\"" {
                advance()
                advance()
                continue
            }
            if !multiline && scalar == "\n" { return }
            if scalar == quote && (!multiline || (peek(1) == quote && peek(2) == quote)) {
                for _ in 0..<quoteLength { advance() }
                // A multi-line string may end with up to two extra quotes inside it: """a""""".
                while multiline && current == quote { advance() }
                return
            }
            advance()
        }
    }

    mutating func scanArray(at path: ConfigPath) {
        advance()
        var elementIndex = 0
        while true {
            skipBlanksCommentsAndNewlines()
            guard let scalar = current, scalar != "]" else { break }
            let start = index
            scanValue(at: path.appending(index: elementIndex))
            elementIndex += 1
            skipBlanksCommentsAndNewlines()
            if current == "," { advance() }
            if index == start { break }
        }
        advance()
    }

    mutating func scanInlineTable(at path: ConfigPath) {
        advance()
        while true {
            skipBlanksCommentsAndNewlines()
            guard let scalar = current, scalar != "}" else { break }
            let start = index
            scanKeyValue(in: path)
            skipBlanksCommentsAndNewlines()
            if current == "," { advance() }
            if index == start { break }
        }
        advance()
    }
}
