import CGif
import CPixman
import Glibc
import KioskEngine

/// Writes frames as a looping animated GIF through giflib: a preview of a transition.
///
/// Colours go to a fixed 6x7x6 palette (green gets the extra level, the eye sees it best) with a
/// 4x4 ordered dither, so every frame is quantised in one pass with no search.
public struct AnimatedGIFWriter {
    /// Time each frame stays on screen, in seconds (GIF counts in hundredths).
    public var frameDelay: Double
    /// Frames wider than this are scaled down first (bilinear); nil keeps their size.
    public var maxWidth: Int?

    public init(frameDelay: Double = 1.0 / 30, maxWidth: Int? = 480) {
        self.frameDelay = frameDelay
        self.maxWidth = maxWidth
    }

    public func write(_ frames: [PixelBuffer], to path: String) throws {
        guard let first = frames.first, first.width > 0, first.height > 0 else {
            throw ImageWritingError(path: path, reason: "no frames to write")
        }
        let scale = maxWidth.map { min(1, Double($0) / Double(first.width)) } ?? 1
        let width = max(Int((Double(first.width) * scale).rounded()), 1)
        let height = max(Int((Double(first.height) * scale).rounded()), 1)

        var error: Int32 = 0
        // Opened here rather than by giflib, which creates files readable by their owner only.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw ImageWritingError(path: path, reason: String(cString: strerror(errno)) + "; check that the directory exists and is writable")
        }
        guard let gif = EGifOpenFileHandle(descriptor, &error) else {
            close(descriptor)
            throw ImageWritingError(path: path, reason: Self.describe(error))
        }
        var closed = false
        defer { if !closed { EGifCloseFile(gif, &error) } }
        func check(_ result: Int32) throws {
            guard result == GIF_OK else { throw ImageWritingError(path: path, reason: Self.describe(gif.pointee.Error)) }
        }

        EGifSetGifVersion(gif, true)
        let palette = Self.palette()
        defer { GifFreeMapObject(palette) }
        try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, palette))
        // NETSCAPE2.0 application block: loop forever.
        try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE))
        var application = Array("NETSCAPE2.0".utf8)
        try check(EGifPutExtensionBlock(gif, Int32(application.count), &application))
        var loop: [UInt8] = [1, 0, 0]
        try check(EGifPutExtensionBlock(gif, 3, &loop))
        try check(EGifPutExtensionTrailer(gif))

        let delay = max(Int((frameDelay * 100).rounded()), 1)
        let scaled = PixelBuffer(width: width, height: height)
        var line = [GifPixelType](repeating: 0, count: width)
        for frame in frames {
            let picture = frame.width == width && frame.height == height ? frame : frame.scaled(into: scaled)
            var control: [UInt8] = [0, UInt8(delay & 0xFF), UInt8(delay >> 8), 0]
            try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, &control))
            try check(EGifPutImageDesc(gif, 0, 0, Int32(width), Int32(height), false, nil))
            for y in 0..<height {
                Self.quantise(row: picture.pixels + y * picture.rowLength, y: y, into: &line)
                try check(EGifPutLine(gif, &line, Int32(width)))
            }
        }
        closed = true
        guard EGifCloseFile(gif, &error) == GIF_OK else {
            throw ImageWritingError(path: path, reason: Self.describe(error))
        }
    }

    /// Bayer 4x4 thresholds, centred on zero, in 1/16ths of a palette step.
    private static let bayer: [Int] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5].map { $0 * 2 - 15 }

    static func quantise(row: UnsafePointer<UInt32>, y: Int, into line: inout [GifPixelType]) {
        let thresholds = (y & 3) * 4
        for x in 0..<line.count {
            let pixel = row[x]
            let bias = bayer[thresholds + (x & 3)]
            // value x (levels - 1) / 255, rounded, nudged by up to half a step by the dither.
            func level(_ value: UInt32, _ steps: Int) -> Int {
                min(max((Int(value) * steps * 32 + bias * 255 + 255 * 16) / (255 * 32), 0), steps)
            }
            let r = level(pixel >> 16 & 0xFF, 5), g = level(pixel >> 8 & 0xFF, 6), b = level(pixel & 0xFF, 5)
            line[x] = GifPixelType(r * 42 + g * 6 + b)
        }
    }

    private static func palette() -> UnsafeMutablePointer<ColorMapObject> {
        var colors = [GifColorType]()
        for r in 0..<6 {
            for g in 0..<7 {
                for b in 0..<6 {
                    colors.append(GifColorType(Red: UInt8(r * 255 / 5), Green: UInt8(g * 255 / 6), Blue: UInt8(b * 255 / 5)))
                }
            }
        }
        while colors.count < 256 { colors.append(GifColorType(Red: 0, Green: 0, Blue: 0)) }
        return GifMakeMapObject(256, colors)
    }

    private static func describe(_ code: Int32) -> String {
        GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
    }
}
