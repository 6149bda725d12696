import CPNG

/// Rewrites an Adam7-interlaced 16-bit PNG as the same picture stored row by row, for libpng's
/// simplified API to decode.
///
/// That API scrambles such files (PngSuite's `basi*16`): reducing them to 8 bits it reads each
/// pass into one scratch row and copies the whole row out, so the pixels a pass does not hold come
/// from another row (libpng 1.6.39 as Debian patched it for CVE-2025-65018, and upstream since).
/// libpng's full API puts the passes together right when it does no reduction, so the samples are
/// read that way, unchanged, and stored again uncompressed with every other chunk as it was: the
/// file then decodes exactly as its non-interlaced twin does, gAMA, sRGB and all. It holds the
/// samples twice (up to 16 bytes a pixel) besides the decoded picture, for these rare files only.
enum PNGDeinterlacer {
    /// Whether `bytes` (a PNG whose chunks `PNGChunkCheck` passed) is interlaced at 16 bits.
    static func isInterlacedSixteenBit(_ bytes: [UInt8]) -> Bool {
        bytes.count > 28 && bytes[24] == 16 && bytes[28] == 1
    }

    /// The picture stored without interlacing; `source` names the file in errors.
    static func deinterlaced(_ bytes: [UInt8], width: Int, height: Int, source: String) throws -> [UInt8] {
        let channels = [0: 1, 2: 3, 4: 2, 6: 4][Int(bytes[25])] ?? 4
        let rowBytes = width * channels * 2
        // Each row behind its filter-type byte (0: none), as IDAT holds it.
        let stride = rowBytes + 1
        var rows = [UInt8](repeating: 0, count: stride * height)
        var message = [CChar](repeating: 0, count: 128)
        let read = bytes.withUnsafeBufferPointer { file in
            rows.withUnsafeMutableBufferPointer { out in
                kiosk_png_read_stored_rows(file.baseAddress, file.count, out.baseAddress! + 1, rowBytes, stride, height, &message)
            }
        }
        guard read != 0 else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw ImageDecodingError(source: source, reason: "corrupt PNG: \(text); export it again")
        }
        var header = Array(bytes[16..<29])
        header[12] = 0
        var file = PNGChunkCheck.signature + PNGStream.chunk("IHDR", header)
        var offset = PNGChunkCheck.signature.count
        var wroteRows = false
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let end = offset + 12 + length
            switch type {
            case "IHDR":
                break
            case "IDAT":
                if !wroteRows { PNGStream.appendStoredIDAT(rows, to: &file) }
                wroteRows = true
            default:
                file += bytes[offset..<end]
            }
            if type == "IEND" { break }
            offset = end
        }
        return file
    }
}
