/// Bare values: booleans, integers (decimal, 0x, 0o, 0b), floats (with inf and nan) and RFC 3339 dates and times.
extension TOMLParser {
    static func isScalarByte(_ byte: UInt8) -> Bool {
        TOMLScanner.isBareKeyByte(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// A bare word at the scanner: `true`, `-1_000`, `0xff`, `6.02e23`, `nan`, `1979-05-27 07:32:00Z` ...
    mutating func scalar() throws(TOMLSyntaxError) -> TOMLNode {
        let start = scanner.position
        var token: [UInt8] = []
        while let byte = scanner.current, Self.isScalarByte(byte) {
            token.append(byte)
            scanner.advance()
        }
        // A date and a time may be separated by a space (`1979-05-27 07:32:00`).
        if token.count == 10, Self.date(token[...]) != nil, scanner.current == UInt8(ascii: " "),
           let next = scanner.peek(1), Self.isDigit(next) {
            token.append(UInt8(ascii: " "))
            scanner.advance()
            while let byte = scanner.current, Self.isScalarByte(byte) {
                token.append(byte)
                scanner.advance()
            }
        }
        let text = String(decoding: token, as: UTF8.self)
        func invalid(_ reason: String) -> TOMLSyntaxError {
            TOMLSyntaxError(position: start, message: "'\(text)' is not \(reason)")
        }
        switch text {
        case "true": return .boolean(true)
        case "false": return .boolean(false)
        case "inf", "+inf": return .float(.infinity)
        case "-inf": return .float(-.infinity)
        case "nan", "+nan", "-nan": return .float(.nan)
        default: break
        }
        if Self.looksLikeDateOrTime(token) {
            guard let value = Self.dateTime(token) else {
                throw invalid("a valid date or time; write 1979-05-27, 07:32:00, 1979-05-27T07:32:00 or 1979-05-27T07:32:00Z")
            }
            return .dateTime(value)
        }
        guard let first = token.first, Self.isDigit(first) || first == UInt8(ascii: "+") || first == UInt8(ascii: "-") else {
            throw invalid("a value; quote text (\"\(text)\"), or write a number, true or false")
        }
        if token.count > 2 && first == UInt8(ascii: "0") && [UInt8(ascii: "x"), UInt8(ascii: "o"), UInt8(ascii: "b")].contains(token[1]) {
            let radix = token[1] == UInt8(ascii: "x") ? 16 : token[1] == UInt8(ascii: "o") ? 8 : 2
            let digits = token[2...]
            guard Self.hasSeparatedDigits(digits, radix: radix),
                  let value = Int(String(decoding: digits.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self), radix: radix) else {
                throw invalid("a number; \(radix == 16 ? "0x takes 0-9 and a-f" : radix == 8 ? "0o takes 0-7" : "0b takes 0 and 1"), "
                              + "'_' only between digits, and at most 64 bits")
            }
            return .integer(value)
        }
        let isFloat = token.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
        if isFloat {
            guard Self.isFloat(token), let value = Double(String(decoding: token.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)) else {
                throw invalid("a number; write it like 3.14, -0.5 or 6.02e23 (digits on both sides of the '.', '_' only between digits)")
            }
            return .float(value)
        }
        let body = first == UInt8(ascii: "+") || first == UInt8(ascii: "-") ? token.dropFirst() : token[...]
        guard Self.hasSeparatedDigits(body, radix: 10) else {
            throw invalid("a number; write digits, with '_' only between digits (quote text: \"\(text)\")")
        }
        guard body.count == 1 || body.first != UInt8(ascii: "0") else {
            throw invalid("a number TOML allows: it starts with 0; remove the leading zeros")
        }
        guard let value = Int(String(decoding: token.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)) else {
            throw invalid("a 64-bit integer (from -9223372036854775808 to 9223372036854775807)")
        }
        return .integer(value)
    }

    /// A ':' anywhere, or a '-' after a digit (`1979-5-27`; `1e-5` is a float): meant as a date or time.
    static func looksLikeDateOrTime(_ token: [UInt8]) -> Bool {
        guard let first = token.first, isDigit(first) else { return false }
        return token.contains(UInt8(ascii: ":")) || zip(token, token.dropFirst()).contains { isDigit($0) && $1 == UInt8(ascii: "-") }
    }

    /// Digits of `radix`, at least one, with each `_` between two digits.
    static func hasSeparatedDigits(_ digits: ArraySlice<UInt8>, radix: Int) -> Bool {
        guard let first = digits.first, let last = digits.last, first != UInt8(ascii: "_"), last != UInt8(ascii: "_") else { return false }
        var previous: UInt8 = 0
        for byte in digits {
            if byte == UInt8(ascii: "_") {
                if previous == UInt8(ascii: "_") { return false }
            } else {
                guard let value = hexValue(byte), Int(value) < radix else { return false }
            }
            previous = byte
        }
        return true
    }

    /// TOML's float: a decimal integer part (no leading zeros), then a fraction, an exponent or both.
    static func isFloat(_ token: [UInt8]) -> Bool {
        var rest = token[...]
        if rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
        let exponentAt = rest.firstIndex { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
        let mantissa = exponentAt.map { rest[..<$0] } ?? rest
        let dot = mantissa.firstIndex(of: UInt8(ascii: "."))
        let integerPart = dot.map { mantissa[..<$0] } ?? mantissa
        guard hasSeparatedDigits(integerPart, radix: 10), integerPart.count == 1 || integerPart.first != UInt8(ascii: "0") else { return false }
        if let dot, !hasSeparatedDigits(mantissa[(dot + 1)...], radix: 10) { return false }
        if let exponentAt {
            var exponent = rest[(exponentAt + 1)...]
            if exponent.first == UInt8(ascii: "+") || exponent.first == UInt8(ascii: "-") { exponent = exponent.dropFirst() }
            guard hasSeparatedDigits(exponent, radix: 10) else { return false }
        }
        return true
    }

    // MARK: Dates and times

    /// The number written by `count` digits at `index`, or nil.
    private static func number(_ token: ArraySlice<UInt8>, _ index: Int, _ count: Int) -> Int? {
        guard index >= token.startIndex, index + count <= token.endIndex else { return nil }
        var value = 0
        for byte in token[index..<(index + count)] {
            guard isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// `YYYY-MM-DD` filling `token`, with a day the month has.
    static func date(_ token: ArraySlice<UInt8>) -> (year: Int, month: Int, day: Int)? {
        let base = token.startIndex
        guard token.count == 10, token[base + 4] == UInt8(ascii: "-"), token[base + 7] == UInt8(ascii: "-"),
              let year = number(token, base, 4), let month = number(token, base + 5, 2), let day = number(token, base + 8, 2),
              (1...12).contains(month) else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day) ? (year, month, day) : nil
    }

    /// `HH:MM:SS` with an optional fraction, filling `token`.
    static func time(_ token: ArraySlice<UInt8>) -> Bool {
        let base = token.startIndex
        guard token.count >= 8, token[base + 2] == UInt8(ascii: ":"), token[base + 5] == UInt8(ascii: ":"),
              let hour = number(token, base, 2), let minute = number(token, base + 3, 2), let second = number(token, base + 6, 2),
              hour < 24, minute < 60, second < 60 else { return false }
        if token.count == 8 { return true }
        guard token[base + 8] == UInt8(ascii: "."), token.count > 9 else { return false }
        return token[(base + 9)...].allSatisfy(isDigit)
    }

    /// A local date, local time, local date-time or offset date-time; nil when it is none of them.
    static func dateTime(_ token: [UInt8]) -> TOMLDateTime? {
        func text(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
        if token.count >= 3 && token[2] == UInt8(ascii: ":") {
            return time(token[...]) ? TOMLDateTime(kind: .localTime, text: text(token[...])) : nil
        }
        guard token.count >= 10, date(token[..<10]) != nil else { return nil }
        if token.count == 10 { return TOMLDateTime(kind: .localDate, text: text(token[...])) }
        guard [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")].contains(token[10]) else { return nil }
        var rest = token[11...]
        var offset = ""
        var kind = TOMLDateTime.Kind.localDateTime
        if let last = rest.last, last == UInt8(ascii: "Z") || last == UInt8(ascii: "z") {
            rest = rest.dropLast()
            offset = "Z"
            kind = .offsetDateTime
        } else if rest.count >= 6, let sign = rest.dropLast(5).last, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            let zone = rest.suffix(5)
            guard zone[zone.startIndex + 2] == UInt8(ascii: ":"), let hours = number(zone, zone.startIndex, 2),
                  let minutes = number(zone, zone.startIndex + 3, 2), hours < 24, minutes < 60 else { return nil }
            offset = text(rest.suffix(6))
            rest = rest.dropLast(6)
            kind = .offsetDateTime
        }
        guard time(rest) else { return nil }
        return TOMLDateTime(kind: kind, text: text(token[..<10]) + "T" + text(rest) + offset)
    }
}
