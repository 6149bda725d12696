/// A TOML 1.0 parser written for the kiosk: it reports every error as a `TOMLSyntaxError` at a line
/// and column and never traps, on any input. Its recursion (inline tables and arrays inside one
/// another) is bounded by `ConfigBounds.maximumDepth`, as are dotted keys and headers, and each
/// byte is read a bounded number of times, so time and memory are linear in the file's size.
///
/// Tables follow TOML's rules: a table is defined once (by a `[header]`, or by the dotted keys of one
/// section), inline tables and arrays written as values are never extended, and `[[name]]` adds a
/// table to an array of tables.
struct TOMLParser {
    /// One part of a dotted key, with where it is written.
    struct Key {
        var name: String
        var position: SourcePosition
    }

    var scanner: TOMLScanner
    private let root = TOMLTableBuilder()
    /// Tables the dotted keys of the current section made or extended: defined when the section ends.
    private var dottedInSection: [(table: TOMLTableBuilder, position: SourcePosition)] = []

    init(text: String) {
        scanner = TOMLScanner(text: text)
    }

    /// The whole document as its root table.
    mutating func parseDocument() throws(TOMLSyntaxError) -> TOMLNode {
        scanner.skipByteOrderMark()
        var table = root
        var tableDepth = 0
        while let byte = scanner.current {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                scanner.skipBlanks()
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                try newline()
            case UInt8(ascii: "#"):
                try comment()
            case UInt8(ascii: "["):
                (table, tableDepth) = try header()
                try endOfLine(after: "the table header")
            default:
                var dotted = dottedInSection
                dottedInSection = []
                try keyValue(in: table, depth: tableDepth, dotted: &dotted)
                dottedInSection = dotted
                try endOfLine(after: "the value")
            }
        }
        return root.node
    }

    // MARK: Lines and comments

    mutating func newline() throws(TOMLSyntaxError) {
        if scanner.current == UInt8(ascii: "\r") {
            guard scanner.peek(1) == UInt8(ascii: "\n") else {
                throw error("a carriage return (CR) without a line feed; save the file with LF or CRLF line endings")
            }
            scanner.advance()
        }
        scanner.advance()
    }

    mutating func comment() throws(TOMLSyntaxError) {
        scanner.advance()
        while let byte = scanner.current, byte != UInt8(ascii: "\n") {
            if byte == UInt8(ascii: "\r") && scanner.peek(1) == UInt8(ascii: "\n") { return }
            if TOMLScanner.isForbiddenControl(byte) {
                throw error("\(scanner.describeCurrent) in a comment; delete it")
            }
            scanner.advance()
        }
    }

    /// After a header or a value only blanks and a comment may follow on its line.
    mutating func endOfLine(after what: String) throws(TOMLSyntaxError) {
        scanner.skipBlanks()
        if scanner.current == UInt8(ascii: "#") { try comment() }
        guard scanner.current != nil else { return }
        guard scanner.current == UInt8(ascii: "\n") || scanner.current == UInt8(ascii: "\r") else {
            throw error("expected the end of the line after \(what), found \(scanner.describeCurrent); "
                        + "write one key = value a line (quote text that has spaces)")
        }
        try newline()
    }

    // MARK: Keys

    /// A dotted key whose first part sits at nesting level `firstDepth`.
    mutating func parseKey(firstDepth: Int) throws(TOMLSyntaxError) -> [Key] {
        var depth = firstDepth
        if depth > ConfigBounds.maximumDepth { throw tooDeep() }
        var keys: [Key] = []
        while true {
            scanner.skipBlanks()
            let position = scanner.position
            let name: String
            switch scanner.current {
            case UInt8(ascii: "\"")?:
                if scanner.starts(with: "\"\"\"") { throw error("a key cannot be a multi-line string; write it as \"name\"") }
                name = try basicString()
            case UInt8(ascii: "'")?:
                if scanner.starts(with: "'''") { throw error("a key cannot be a multi-line string; write it as 'name'") }
                name = try literalString()
            case let byte? where TOMLScanner.isBareKeyByte(byte):
                var bytes: [UInt8] = []
                while let byte = scanner.current, TOMLScanner.isBareKeyByte(byte) {
                    bytes.append(byte)
                    scanner.advance()
                }
                name = String(decoding: bytes, as: UTF8.self)
            default:
                throw error("expected a key (letters, digits, '_' and '-', or a \"quoted name\"), found \(scanner.describeCurrent)")
            }
            keys.append(Key(name: name, position: position))
            scanner.skipBlanks()
            guard scanner.current == UInt8(ascii: ".") else { return keys }
            depth += 1
            if depth > ConfigBounds.maximumDepth { throw tooDeep() }
            scanner.advance()
        }
    }

    /// `a.b."c d"`: a key as a message shows it.
    static func display(_ keys: ArraySlice<Key>) -> String {
        keys.map { key in
            !key.name.isEmpty && key.name.utf8.allSatisfy(TOMLScanner.isBareKeyByte) ? key.name : "\"\(key.name)\""
        }.joined(separator: ".")
    }

    // MARK: Tables

    /// `[a.b]` or `[[a.b]]`: the table later keys go into, and its nesting level.
    mutating func header() throws(TOMLSyntaxError) -> (TOMLTableBuilder, Int) {
        let start = scanner.position
        scanner.advance()
        let isArray = scanner.current == UInt8(ascii: "[")
        if isArray { scanner.advance() }
        let keys = try parseKey(firstDepth: 1)
        scanner.skipBlanks()
        guard scanner.current == UInt8(ascii: "]") else {
            throw error("expected '\(isArray ? "]]" : "]")' to close the table header, found \(scanner.describeCurrent)")
        }
        scanner.advance()
        if isArray {
            guard scanner.current == UInt8(ascii: "]") else {
                throw error("expected ']]' to close the header [[\(Self.display(keys[...]))]], found \(scanner.describeCurrent)")
            }
            scanner.advance()
        }
        for (table, position) in dottedInSection where table.definedAt == nil {
            table.definedAt = position
        }
        dottedInSection = []
        let table = isArray ? try appendTable(keys, at: start) : try defineTable(keys, at: start)
        return (table, keys.count)
    }

    /// Walks `keys` from the root as a header does, making the tables that are missing.
    private func walk(_ keys: ArraySlice<Key>, header: String) throws(TOMLSyntaxError) -> TOMLTableBuilder {
        var table = root
        for (index, key) in zip(keys.indices, keys) {
            switch table[key.name] {
            case nil:
                let made = TOMLTableBuilder()
                table.add(key.name, .table(made), at: key.position)
                table = made
            case .table(let existing)?:
                table = existing
            case .tables(let array)?:
                guard let last = array.tables.last else { throw TOMLSyntaxError(position: key.position, message: "an empty array of tables") }
                table = last
            case .value?:
                throw TOMLSyntaxError(position: key.position, message: "'\(Self.display(keys[...index]))' is already set to a value"
                                      + Self.line(table.position(of: key.name)) + ", so \(header) cannot make a table in it")
            }
        }
        return table
    }

    private func defineTable(_ keys: [Key], at start: SourcePosition) throws(TOMLSyntaxError) -> TOMLTableBuilder {
        let name = Self.display(keys[...])
        let parent = try walk(keys.dropLast(), header: "[\(name)]")
        guard let key = keys.last else { throw TOMLSyntaxError(position: start, message: "a table header needs a name") }
        switch parent[key.name] {
        case nil:
            let table = TOMLTableBuilder()
            table.definedAt = start
            parent.add(key.name, .table(table), at: key.position)
            return table
        case .table(let table)?:
            if let first = table.definedAt {
                throw TOMLSyntaxError(position: start, message: "the table [\(name)] is defined twice (first at line \(first.line)); "
                                      + "write its keys under one header")
            }
            table.definedAt = start
            return table
        case .tables?:
            throw TOMLSyntaxError(position: start, message: "'\(name)' is an array of tables [[\(name)]]"
                                  + Self.line(parent.position(of: key.name)) + "; write [[\(name)]] to add one more")
        case .value?:
            throw TOMLSyntaxError(position: start, message: "'\(name)' is already set to a value"
                                  + Self.line(parent.position(of: key.name)) + "; a table cannot have the same name")
        }
    }

    private func appendTable(_ keys: [Key], at start: SourcePosition) throws(TOMLSyntaxError) -> TOMLTableBuilder {
        let name = Self.display(keys[...])
        let parent = try walk(keys.dropLast(), header: "[[\(name)]]")
        guard let key = keys.last else { throw TOMLSyntaxError(position: start, message: "a table header needs a name") }
        let table = TOMLTableBuilder()
        table.definedAt = start
        switch parent[key.name] {
        case nil:
            let array = TOMLTableArray()
            array.tables.append(table)
            parent.add(key.name, .tables(array), at: key.position)
        case .tables(let array)?:
            array.tables.append(table)
        case .table?:
            throw TOMLSyntaxError(position: start, message: "'\(name)' is a single table [\(name)]"
                                  + Self.line(parent.position(of: key.name)) + ", so [[\(name)]] cannot add to it; "
                                  + "write every one as [[\(name)]]")
        case .value?:
            throw TOMLSyntaxError(position: start, message: "'\(name)' is already set to a value"
                                  + Self.line(parent.position(of: key.name)) + ", so [[\(name)]] cannot add a table to it")
        }
        return table
    }

    // MARK: Keys and values

    /// `key = value` into `table` (at nesting level `depth`); the tables its dotted key makes or
    /// crosses are added to `dotted`.
    mutating func keyValue(in table: TOMLTableBuilder, depth: Int,
                           dotted: inout [(table: TOMLTableBuilder, position: SourcePosition)]) throws(TOMLSyntaxError) {
        let keys = try parseKey(firstDepth: depth + 1)
        scanner.skipBlanks()
        guard scanner.current == UInt8(ascii: "=") else {
            throw error("expected '=' after the key '\(Self.display(keys[...]))', found \(scanner.describeCurrent)")
        }
        scanner.advance()
        scanner.skipBlanks()
        let value = try parseValue(depth: depth + keys.count)
        var current = table
        for (index, key) in zip(keys.indices, keys.dropLast()) {
            switch current[key.name] {
            case nil:
                let made = TOMLTableBuilder()
                current.add(key.name, .table(made), at: key.position)
                dotted.append((made, key.position))
                current = made
            case .table(let existing)?:
                if let defined = existing.definedAt {
                    throw TOMLSyntaxError(position: key.position, message: "'\(Self.display(keys[...index]))' is a table defined at line "
                                          + "\(defined.line); set its keys there, not with a dotted key from another table")
                }
                dotted.append((existing, key.position))
                current = existing
            case .tables?:
                throw TOMLSyntaxError(position: key.position, message: "'\(Self.display(keys[...index]))' is an array of tables "
                                      + "[[...]]; a dotted key cannot add to it")
            case .value?:
                throw TOMLSyntaxError(position: key.position, message: "'\(Self.display(keys[...index]))' is already set to a value"
                                      + Self.line(current.position(of: key.name)) + " and cannot hold keys")
            }
        }
        guard let last = keys.last else { return }
        if current[last.name] != nil {
            throw TOMLSyntaxError(position: last.position, message: "'\(Self.display(keys[...]))' is set twice"
                                  + " (first at line \(current.position(of: last.name)?.line ?? last.position.line)); keep one")
        }
        current.add(last.name, .value(value), at: last.position)
    }

    // MARK: Errors

    /// An error here.
    func error(_ message: String) -> TOMLSyntaxError {
        TOMLSyntaxError(position: scanner.position, message: message)
    }

    func tooDeep() -> TOMLSyntaxError {
        TOMLSyntaxError(position: scanner.position, message: ConfigBounds.nestingMessage, isBound: true)
    }

    /// " at line N", or nothing.
    static func line(_ position: SourcePosition?) -> String {
        position.map { " at line \($0.line)" } ?? ""
    }
}
