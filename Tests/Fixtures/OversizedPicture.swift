import Foundation

/// Picture files whose headers claim more pixels than anyone should decode, written by the tests
/// that need them: only the header is real, so the file stays a few hundred bytes.
public enum OversizedPicture {
    /// A PNG signature and IHDR chunk declaring `width`x`height` RGB pixels, then one empty IDAT and IEND.
    public static func png(width: Int, height: Int) -> [UInt8] {
        var ihdr = bigEndian(width, 4) + bigEndian(height, 4)
        ihdr += [8, 2, 0, 0, 0]  // 8-bit RGB, deflate, no filter, no interlace
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", ihdr) + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) + chunk("IEND", [])
    }

    /// A JPEG start of frame (`marker`: C0 baseline, C2 progressive) declaring `width`x`height`
    /// pixels of `components` colours, then, when `scanComponents` is given, the header of a first
    /// scan holding that many of them, then the end of image.
    public static func jpeg(width: Int, height: Int, marker: UInt8 = 0xC0, components: Int = 1,
                            scanComponents: Int? = nil) -> [UInt8] {
        let colours: [UInt8] = (1...components).flatMap { [UInt8($0), 0x11, 0] }
        let size: [UInt8] = bigEndian(height, 2) + bigEndian(width, 2)
        let frame: [UInt8] = [8] + size + [UInt8(components)] + colours
        let start: [UInt8] = [0xFF, 0xD8, 0xFF, marker]
        var bytes = start + bigEndian(frame.count + 2, 2) + frame
        if let scanComponents {
            let selectors: [UInt8] = (1...scanComponents).flatMap { [UInt8($0), 0] }
            let scan: [UInt8] = [UInt8(scanComponents)] + selectors + [0, 63, 0]
            bytes += [0xFF, 0xDA] + bigEndian(scan.count + 2, 2) + scan
        }
        return bytes + [0xFF, 0xD9]
    }

    /// Writes `bytes` to a fresh file in the temporary folder and returns its path.
    public static func write(_ bytes: [UInt8], named name: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oversized-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        // The CRC is left zero: readers refuse the picture on its size before they check it.
        bigEndian(data.count, 4) + Array(type.utf8) + data + [0, 0, 0, 0]
    }

    private static func bigEndian(_ value: Int, _ count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
}
