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
    /// Whether the decoder holds the whole picture however small it is drawn: a PNG, and a JPEG
    /// in several scans (progressive, or one scan per colour), which libjpeg-turbo keeps as
    /// full-size coefficients (FuzzImage found a 35-byte progressive JPEG that asked for 1 GB).
    public var decodesWhole: Bool

    /// - Parameter decodesWhole: nil for the format's usual decoding: PNG whole, JPEG reducible.
    public init(format: Format, width: Int, height: Int, decodesWhole: Bool? = nil) {
        self.format = format
        self.width = width
        self.height = height
        self.decodesWhole = decodesWhole ?? (format == .png)
    }

    /// Reads the header at the start of `bytes`; nil when they are neither PNG nor JPEG, or the
    /// header is cut short or declares no pixels.
    public init?(bytes: some Collection<UInt8>) {
        let bytes = Array(bytes.prefix(Self.scannedLength))
        if let size = Self.pngSize(bytes) {
            self.init(format: .png, width: size.width, height: size.height)
        } else if let size = Self.jpegSize(bytes) {
            self.init(format: .jpeg, width: size.width, height: size.height, decodesWhole: size.decodesWhole)
        } else {
            return nil
        }
    }

    /// Reads the header of the file at `path`; nil when it cannot be read, is not a regular file
    /// (never blocking on a FIFO or device) or holds no known header.
    public init?(contentsOf path: String) {
        guard let bytes = try? RegularFile.read(path, upTo: Self.scannedLength).bytes else { return nil }
        self.init(bytes: bytes)
    }

    /// The largest picture file read (PNG and JPEG compress; a 40-megapixel PNG of noise stays under it).
    public static let maximumFileBytes = 256 * 1024 * 1024

    /// The fewest pixels a decoder holds: libjpeg-turbo decodes a single-scan JPEG at down to an
    /// eighth of each side; anything else is held whole.
    public var smallestDecodedPixelCount: Int {
        decodesWhole ? width * height : ((width + 7) / 8) * ((height + 7) / 8)
    }

    /// Why this picture cannot be decoded within `maximumDecodedPixels`, or nil when it can.
    public var sizeProblem: String? {
        guard smallestDecodedPixelCount > Self.maximumDecodedPixels else { return nil }
        let megapixels = (width * height + 500_000) / 1_000_000
        let limit = Self.maximumDecodedPixels / 1_000_000
        let reduction = switch (format, decodesWhole) {
        case (.png, _): ""
        case (.jpeg, true): " (a progressive or multi-scan JPEG is decoded whole)"
        case (.jpeg, false): " even at an eighth of its size"
        }
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

    /// The frame's size from its start-of-frame marker, and whether the picture comes in several
    /// scans: a progressive frame, or a first scan holding fewer colours than the frame.
    private static func jpegSize(_ b: [UInt8]) -> (width: Int, height: Int, decodesWhole: Bool)? {
        guard b.count >= 4, b[0] == 0xFF, b[1] == 0xD8 else { return nil }
        var frame: (width: Int, height: Int, components: Int, progressive: Bool)?
        var i = 2
        while i + 1 < b.count {
            guard b[i] == 0xFF else { break }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }  // fill byte
            i += 2
            // Markers without a length: TEM, RST0-7, SOI.
            if marker == 0x01 || (0xD0...0xD8).contains(marker) { continue }
            guard marker != 0xD9, i + 2 < b.count else { break }
            if marker == 0xDA {  // start of scan: length (2), then how many components it holds
                guard let frame else { return nil }
                return (frame.width, frame.height, frame.progressive || Int(b[i + 2]) < frame.components)
            }
            let length = bigEndian(b, at: i, count: 2)
            guard length >= 2 else { break }
            // Start-of-frame markers C0-CF, except DHT (C4), JPG (C8) and DAC (CC): precision,
            // height, width, components. C2, C6, CA and CE are progressive.
            if frame == nil, (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                guard i + 7 < b.count else { return nil }
                let height = bigEndian(b, at: i + 3, count: 2), width = bigEndian(b, at: i + 5, count: 2)
                guard width > 0, height > 0 else { return nil }
                frame = (width, height, Int(b[i + 7]), [0xC2, 0xC6, 0xCA, 0xCE].contains(marker))
            }
            i += length
        }
        return frame.map { ($0.width, $0.height, $0.progressive) }
    }

    private static func bigEndian(_ b: [UInt8], at offset: Int, count: Int) -> Int {
        b[offset..<(offset + count)].reduce(0) { $0 << 8 | Int($1) }
    }
}
