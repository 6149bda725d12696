/// The data lengths a PNG's chunks declare, checked against the file before libpng reads it.
///
/// libpng allocates a chunk's declared length before it reads the data: a 300-byte file whose
/// text chunk after the pixels claims 1.9 GB makes it ask for 1.9 GB (found by FuzzImage). The
/// whole file is in memory, so a chunk that claims more bytes than the file has left is refused
/// first, naming the chunk, where it starts and what it claims.
enum PNGChunkLengths {
    /// Why the chunks of `bytes` (a whole PNG file, signature first) cannot be read, or nil.
    static func problem(in bytes: [UInt8]) -> String? {
        let signatureLength = 8, headerLength = 8
        var offset = signatureLength
        while offset + headerLength <= bytes.count {
            let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            let type = bytes[(offset + 4)..<(offset + headerLength)]
            let left = bytes.count - offset - headerLength
            if length > left {
                return "corrupt PNG: the \(name(of: type)) chunk at byte \(offset) claims \(length) bytes, but the file "
                    + "ends \(left) bytes later; the file is cut short or damaged, so export it again"
            }
            if type.elementsEqual("IEND".utf8) { return nil }
            offset += headerLength + length + 4  // the data, then its CRC
        }
        return nil
    }

    /// The chunk type as text, with anything but ASCII letters (a damaged type) shown as `?`.
    private static func name(of type: ArraySlice<UInt8>) -> String {
        let letters = type.map { byte -> Character in
            let isLetter = (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            return isLetter ? Character(Unicode.Scalar(byte)) : "?"
        }
        return "\"\(String(letters))\""
    }
}
