/// Writes PNG chunks, and IDAT's zlib stream uncompressed (deflate's stored blocks): for a picture
/// rebuilt in memory only to be read again at once, where compressing would cost time and gain nothing.
enum PNGStream {
    /// One chunk: its length, type, data and CRC.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        var file: [UInt8] = []
        append(type, to: &file) { $0 += data }
        return file
    }

    /// Appends a chunk to `file` whose data `write` appends (no copy of a large IDAT's data).
    static func append(_ type: String, to file: inout [UInt8], data write: (inout [UInt8]) -> Void) {
        let start = file.count
        file += [0, 0, 0, 0] + Array(type.utf8)
        write(&file)
        let length = file.count - start - 8
        file.replaceSubrange(start..<(start + 4), with: bigEndian(UInt32(length)))
        file += bigEndian(CRC32.checksum(file[(start + 4)...]))
    }

    /// An IDAT chunk holding `bytes` as a zlib stream of stored deflate blocks (RFC 1950, and
    /// RFC 1951 section 3.2.4).
    static func appendStoredIDAT(_ bytes: [UInt8], to file: inout [UInt8]) {
        let blockLength = 65_535
        file.reserveCapacity(file.count + bytes.count + bytes.count / blockLength * 5 + 30)
        append("IDAT", to: &file) { stream in
            stream += [0x78, 0x01]
            var start = 0
            repeat {
                let end = min(start + blockLength, bytes.count)
                let length = UInt16(end - start)
                stream.append(end == bytes.count ? 1 : 0)
                stream += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
                stream += bytes[start..<end]
                start = end
            } while start < bytes.count
            stream += bigEndian(adler32(bytes))
        }
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        // 5552 bytes is the most that can be summed before b could overflow 32 bits (zlib's NMAX).
        var start = 0
        while start < bytes.count {
            let end = min(start + 5552, bytes.count)
            for byte in bytes[start..<end] {
                a += UInt32(byte)
                b += a
            }
            a %= 65_521
            b %= 65_521
            start = end
        }
        return b << 16 | a
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
