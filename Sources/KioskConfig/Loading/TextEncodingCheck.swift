/// Checks a config file's bytes before any parser sees them: UTF-8 without NUL bytes.
///
/// A file of zeros is what a power cut can leave, and UTF-16 looks like ASCII with a NUL between
/// letters: each gets words that say so rather than a syntax error. Each problem is reported at its line and column (columns count characters).
enum TextEncodingCheck {
    /// The file's text, or the first problem with its encoding (a message after `FILE:L:C: `).
    static func decode(_ bytes: [UInt8]) -> Result<String, Problem> {
        if isUTF16(bytes) {
            return .failure(Problem(position: nil,
                                    message: "is UTF-16 text; save it as UTF-8 (TOML files are UTF-8)"))
        }
        if let bad = firstInvalidUTF8(bytes) {
            return .failure(Problem(position: position(of: bad, in: bytes),
                                    message: "is not valid UTF-8 text (byte 0x\(hex(bytes[bad])) here); save it as UTF-8"))
        }
        if let nul = bytes.firstIndex(of: 0) {
            return .failure(Problem(position: position(of: nul, in: bytes),
                                    message: nulMessage))
        }
        return .success(String(decoding: bytes, as: UTF8.self))
    }

    static let nulMessage = "a NUL byte; a TOML file is text (a damaged or truncated write?)"

    /// The position of the first NUL in text already decoded (a config given as a string).
    static func firstNUL(in text: String) -> SourcePosition? {
        let bytes = Array(text.utf8)
        return bytes.firstIndex(of: 0).map { position(of: $0, in: bytes) }
    }

    struct Problem: Error, Equatable {
        var position: SourcePosition?
        var message: String
    }

    /// A byte-order mark (FF FE or FE FF), or, without one, a NUL in the first or second byte of
    /// most of the first characters: ASCII written as UTF-16.
    static func isUTF16(_ bytes: [UInt8]) -> Bool {
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
            return true
        }
        let pairs = min(bytes.count / 2, 64)
        guard pairs >= 2 else { return false }
        var evenZeros = 0, oddZeros = 0, allZero = 0
        for pair in 0..<pairs {
            let first = bytes[2 * pair], second = bytes[2 * pair + 1]
            if first == 0 && second == 0 { allZero += 1 } else if first == 0 { evenZeros += 1 } else if second == 0 { oddZeros += 1 }
        }
        // A file of zeros is not UTF-16 but damage: the NUL check reports it at 1:1.
        return max(evenZeros, oddZeros) * 4 >= pairs * 3 && allZero * 2 < pairs
    }

    /// The index of the first byte that does not belong to well-formed UTF-8 (RFC 3629: no overlong
    /// forms, no surrogates, nothing above U+10FFFF), or nil.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch lead {
            case 0x00...0x7F: index += 1; continue
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return index
            }
            for offset in 1..<length {
                guard index + offset < bytes.count else { return index }
                let byte = bytes[index + offset]
                let (min, max) = offset == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
                guard byte >= min && byte <= max else { return index }
            }
            index += length
        }
        return nil
    }

    /// The line and column of the byte at `offset`, counting the characters (scalars) before it on its line.
    static func position(of offset: Int, in bytes: [UInt8]) -> SourcePosition {
        var line = 1, column = 1
        for byte in bytes[..<offset] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return SourcePosition(line: line, column: column)
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }
}
