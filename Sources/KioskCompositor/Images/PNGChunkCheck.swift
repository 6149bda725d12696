/// A PNG file's structure, checked before libpng reads it, so a damaged file is reported as what
/// is wrong with it, in words (libpng alone names only the first problem it meets, tersely).
///
/// The signature, each chunk's length against the file (libpng allocates a chunk's declared length
/// before it reads the data: a 300-byte file claiming a 1.9 GB text chunk made it ask for 1.9 GB,
/// found by FuzzImage), each chunk's CRC, the header's bit depth, colour type and methods, and that
/// pixel data (IDAT) comes before the end (IEND). PngSuite's corrupted `x*` files each fail one.
enum PNGChunkCheck {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Why `bytes` (a whole PNG file, signature first) cannot be decoded, or nil.
    static func problem(in bytes: [UInt8]) -> String? {
        guard bytes.starts(with: signature) else {
            return "corrupt PNG: its 8-byte signature is damaged (a copy in text mode changes line ends); copy or export it again"
        }
        let headerLength = 8
        var offset = signature.count
        var sawPixels = false
        while offset + headerLength <= bytes.count {
            let length = bigEndian(bytes[offset..<(offset + 4)])
            let type = bytes[(offset + 4)..<(offset + headerLength)]
            let left = bytes.count - offset - headerLength
            if length > left {
                return "corrupt PNG: the \(name(of: type)) chunk at byte \(offset) claims \(length) bytes, but the file "
                    + "ends \(left) bytes later; the file is cut short or damaged, so export it again"
            }
            guard length + 4 <= left else {
                return "corrupt PNG: the file ends inside the \(name(of: type)) chunk at byte \(offset); it is cut short, so export it again"
            }
            let data = bytes[(offset + headerLength)..<(offset + headerLength + length)]
            let stored = bigEndian(bytes[(offset + headerLength + length)..<(offset + headerLength + length + 4)])
            if CRC32.checksum(type, data) != UInt32(stored) {
                return "corrupt PNG: the \(name(of: type)) chunk at byte \(offset) fails its CRC check (damaged bytes); export it again"
            }
            if offset == signature.count {
                guard type.elementsEqual("IHDR".utf8), length == 13 else {
                    return "corrupt PNG: it does not start with its IHDR header chunk"
                }
                if let problem = headerProblem(Array(data)) { return "corrupt PNG: \(problem)" }
            }
            if type.elementsEqual("IDAT".utf8) { sawPixels = true }
            if type.elementsEqual("IEND".utf8) {
                return sawPixels ? nil : "corrupt PNG: it has no IDAT chunk, so it holds no pixels; export it again"
            }
            offset += headerLength + length + 4
        }
        return "corrupt PNG: the file ends before its IEND chunk; it is cut short, so export it again"
    }

    /// What is wrong with an IHDR chunk's 13 bytes, or nil (PNG specification, section 11.2.2).
    static func headerProblem(_ header: [UInt8]) -> String? {
        let depth = Int(header[8]), colourType = Int(header[9])
        let depths: [Int: [Int]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
        guard let allowed = depths[colourType] else {
            return "colour type \(colourType) does not exist (PNG has 0, 2, 3, 4 and 6)"
        }
        guard allowed.contains(depth) else {
            return "bit depth \(depth) is not allowed with colour type \(colourType) (only "
                + allowed.map(String.init).joined(separator: ", ") + ")"
        }
        if header[10] != 0 { return "compression method \(header[10]) does not exist (only 0)" }
        if header[11] != 0 { return "filter method \(header[11]) does not exist (only 0)" }
        if header[12] > 1 { return "interlace method \(header[12]) does not exist (0 or 1)" }
        return nil
    }

    private static func bigEndian(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reduce(0) { $0 << 8 | Int($1) }
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
