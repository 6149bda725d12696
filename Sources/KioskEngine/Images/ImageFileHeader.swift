import Foundation

/// The pixel size a PNG or JPEG file declares in its header, read without decoding the picture.
///
/// The header is checked before anything is allocated: a few hundred bytes can claim 65500x65500
/// pixels, and decoding them would take gigabytes. `check-config` and the decoders share this
/// reading, so a file the config check passes is one the daemon can decode.
public struct ImageFileHeader: Hashable, Sendable {
    public enum Format: String, Hashable, Sendable {
        case png = "PNG"
        case jpeg = "JPEG"
    }

    /// The most pixels a picture is decoded to (160 MB of 32-bit pixels; an 8K frame is 33 million).
    public static let maximumDecodedPixels = 40_000_000

    public var format: Format
    public var width: Int
    public var height: Int

    public init(format: Format, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    /// Reads the header at the start of `bytes`; nil when they are neither PNG nor JPEG, or the
    /// header is cut short or declares no pixels.
    public init?(bytes: some Collection<UInt8>) {
        let bytes = Array(bytes.prefix(Self.scannedLength))
        if let size = Self.pngSize(bytes) {
            self.init(format: .png, width: size.width, height: size.height)
        } else if let size = Self.jpegSize(bytes) {
            self.init(format: .jpeg, width: size.width, height: size.height)
        } else {
            return nil
        }
    }

    /// Reads the header of the file at `path`; nil when it cannot be read or holds no known header.
    public init?(contentsOf path: String) {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: Self.scannedLength) else { return nil }
        self.init(bytes: data)
    }

    /// The fewest pixels a decoder can produce: libjpeg-turbo decodes a JPEG at down to an eighth
    /// of each side; a PNG is decoded whole.
    public var smallestDecodedPixelCount: Int {
        switch format {
        case .png: width * height
        case .jpeg: ((width + 7) / 8) * ((height + 7) / 8)
        }
    }

    /// Why this picture cannot be decoded within `maximumDecodedPixels`, or nil when it can.
    public var sizeProblem: String? {
        guard smallestDecodedPixelCount > Self.maximumDecodedPixels else { return nil }
        let megapixels = (width * height + 500_000) / 1_000_000
        let limit = Self.maximumDecodedPixels / 1_000_000
        let reduction = format == .jpeg ? " even at an eighth of its size" : ""
        return "the \(format.rawValue) is \(width)x\(height) pixels (\(megapixels) megapixels), more than the "
            + "\(limit) megapixels an image may decode to\(reduction); scale it down to the display's size"
    }

    /// Whether a file name is one a folder of pictures (the `[camera]` slideshow) shows.
    public static func isPictureName(_ name: String) -> Bool {
        ["png", "jpg", "jpeg"].contains((name as NSString).pathExtension.lowercased())
    }

    /// JPEG headers may sit behind EXIF thumbnails; 256 KiB covers them.
    static let scannedLength = 256 * 1024

    private static func pngSize(_ b: [UInt8]) -> (width: Int, height: Int)? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        // The IHDR chunk comes first: length (4), "IHDR" (4), width (4), height (4).
        guard b.count >= 24, b.starts(with: signature), b[12..<16].elementsEqual("IHDR".utf8) else { return nil }
        let width = bigEndian(b, at: 16, count: 4), height = bigEndian(b, at: 20, count: 4)
        // The PNG format caps each side at 2^31-1, which also keeps width*height within an Int.
        let sides = 1...Int(Int32.max)
        return sides.contains(width) && sides.contains(height) ? (width, height) : nil
    }

    private static func jpegSize(_ b: [UInt8]) -> (width: Int, height: Int)? {
        guard b.count >= 4, b[0] == 0xFF, b[1] == 0xD8 else { return nil }
        var i = 2
        while i + 1 < b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }  // fill byte
            i += 2
            // Markers without a length: TEM, RST0-7, SOI.
            if marker == 0x01 || (0xD0...0xD8).contains(marker) { continue }
            guard marker != 0xD9, marker != 0xDA, i + 1 < b.count else { return nil }
            let length = bigEndian(b, at: i, count: 2)
            guard length >= 2 else { return nil }
            // Start-of-frame markers C0-CF, except DHT (C4), JPG (C8) and DAC (CC): precision, height, width.
            if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                guard i + 6 < b.count else { return nil }
                let height = bigEndian(b, at: i + 3, count: 2), width = bigEndian(b, at: i + 5, count: 2)
                return width > 0 && height > 0 ? (width, height) : nil
            }
            i += length
        }
        return nil
    }

    private static func bigEndian(_ b: [UInt8], at offset: Int, count: Int) -> Int {
        b[offset..<(offset + count)].reduce(0) { $0 << 8 | Int($1) }
    }
}
