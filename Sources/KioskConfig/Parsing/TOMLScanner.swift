/// A cursor over a TOML document's UTF-8 bytes that knows the line and column of where it is
/// (columns count characters, as editors do). It never traps: past the end, `current` is nil.
struct TOMLScanner {
    let bytes: [UInt8]
    private(set) var offset = 0
    private(set) var line = 1
    private(set) var column = 1

    init(text: String) {
        bytes = Array(text.utf8)
    }

    var position: SourcePosition { SourcePosition(line: line, column: column) }
    var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    func peek(_ ahead: Int) -> UInt8? {
        offset + ahead < bytes.count ? bytes[offset + ahead] : nil
    }

    /// Whether the bytes from here start with `text`.
    func starts(with text: StaticString) -> Bool {
        text.withUTF8Buffer { prefix in
            offset + prefix.count <= bytes.count && prefix.indices.allSatisfy { bytes[offset + $0] == prefix[$0] }
        }
    }

    /// Steps over a UTF-8 byte-order mark at the start, which is not a character of the first line.
    mutating func skipByteOrderMark() {
        if offset == 0 && starts(with: "\u{FEFF}") { offset = 3 }
    }

    mutating func advance(_ count: Int = 1) {
        for _ in 0..<count {
            guard offset < bytes.count else { return }
            let byte = bytes[offset]
            offset += 1
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
    }

    /// Spaces and tabs.
    mutating func skipBlanks() {
        while current == UInt8(ascii: " ") || current == UInt8(ascii: "\t") { advance() }
    }

    /// How the character here is named in a message: `'x'`, "the end of the line", "the end of the file".
    var describeCurrent: String {
        guard let byte = current else { return "the end of the file" }
        switch byte {
        case UInt8(ascii: "\n"): return "the end of the line"
        case UInt8(ascii: "\r") where peek(1) == UInt8(ascii: "\n"): return "the end of the line"
        case UInt8(ascii: "\t"): return "a tab"
        case 0..<0x20, 0x7F: return "a control character (\(Self.unicodeName(UInt32(byte))))"
        case 0x20..<0x7F: return "'\(Character(Unicode.Scalar(byte)))'"
        default:
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
            let end = min(offset + length, bytes.count)
            return "'\(String(decoding: bytes[offset..<end], as: UTF8.self))'"
        }
    }

    /// `U+000C`: how a code point is written in a message.
    static func unicodeName(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    static func isBareKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }

    /// Control characters TOML allows nowhere but as escapes (tab is allowed).
    static func isForbiddenControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != UInt8(ascii: "\t")) || byte == 0x7F
    }
}
