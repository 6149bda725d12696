import CYUV
import Foundation
import KioskCompositor
import KioskEngine
import KioskOptions
import Synchronization

/// Turns captured buffers of any supported format into display-size, aspect-filled frames (or,
/// for a video element, frames of the element's size fitted as its `fit` says).
///
/// libyuv does the conversion (SIMD where the CPU has it): the visible window of the frame is
/// converted straight into the destination when it maps pixel for pixel, and otherwise converted at
/// its own size into a staging buffer that one bilinear scale aspect-fills into the destination:
/// `kiosk_bilinear` (`BilinearEnlargement`) for an enlargement across where libyuv runs its SIMD
/// rows on an AVX2 CPU, libyuv's `ARGBScaleClip` for the rest. Both steps are cut into bands of
/// rows run side by side on the converter's worker threads (a band's pixels are the same as the
/// whole call's: both scalers start each band where the whole scale would).
/// YUV is BT.601 limited range, what V4L2 drivers and decoders send by default. MJPEG is decoded by
/// libjpeg-turbo at the scale nearest the display first. Frames come out as XRGB8888: the top byte is
/// not defined (libyuv's scaler leaves 253 there), as the compositor reads the feed as x8r8g8b8.
/// A fit that may leave transparent bars (`contain`, `center`) is drawn with its alpha, so there
/// the picture's alpha is set to 0xFF again.
/// Buffers, threads and the JPEG decoder are kept between frames, so converting allocates nothing
/// once the size is steady. Used from one thread.
final class FrameConverter {
    /// The device path, for error messages.
    let source: String
    /// How a frame fills the destination: `cover` (aspect-fill) for the background.
    let fit: ImageFit
    private var staging: PixelBuffer?
    /// The enlargement for the last window and target sizes, when `kiosk_bilinear` does it.
    private var enlargement: BilinearEnlargement?
    private lazy var jpeg = JPEGFrameDecoder()
    /// Started at the first frame worth splitting.
    private var workers: WorkerPool?
    private let threads: Int

    /// - Parameter threads: how many threads convert a frame, the caller's included (1: no others);
    ///   nil: `SWIPE_KIOSK_THREADS` or the CPU count, at most `maximumThreads`.
    init(source: String, fit: ImageFit = .cover, threads: Int? = nil) {
        self.source = source
        self.fit = fit
        self.threads = min(max(threads ?? WorkerPool.threadCount(environment: ProcessInfo.processInfo.environment,
                                                                 processors: ProcessInfo.processInfo.activeProcessorCount), 1),
                           Self.maximumThreads)
    }

    /// Two threads nearly halve a conversion where a core is free (README, "Camera and video
    /// conversions"); more were not measured.
    static let maximumThreads = 2
    /// Rows per band at least: below that the per-band set-up shows.
    static let bandRows = 64

    func convert(_ frame: CapturedFrame, into destination: PixelBuffer) throws(CameraError) {
        if frame.isFlaggedCorrupt {
            throw .corruptFrame(device: source, reason: "the driver flagged the buffer as damaged")
        }
        guard destination.width > 0, destination.height > 0 else { return }
        if frame.pixelFormat == .mjpeg {
            // Decoded straight into the frame only where the picture covers all of it.
            let decoded = try decodeJPEG(frame, fitting: destination, direct: fit == .cover || fit == .fill)
            guard decoded !== destination else { return }
            let placement = FramePlacement(fit: fit, width: decoded.width, height: decoded.height,
                                           destinationWidth: destination.width, destinationHeight: destination.height)
            clearBars(of: destination, around: placement.target)
            try scale(decoded, window: placement.window, into: destination, at: placement.target)
            return
        }
        try validate(frame)
        let placement = FramePlacement(fit: fit, width: frame.width, height: frame.height,
                                       destinationWidth: destination.width, destinationHeight: destination.height)
        let window = placement.window, target = placement.target
        clearBars(of: destination, around: target)
        // libyuv starts a conversion on a whole chroma sample: widen the window back to the grid.
        let grid = frame.pixelFormat.chromaGrid
        let lead = (x: window.x % grid.columns, y: window.y % grid.rows)
        let converted = FrameWindow(x: window.x - lead.x, y: window.y - lead.y,
                                    width: window.width + lead.x, height: window.height + lead.y)
        let unscaled = window.width == target.width && window.height == target.height
        if unscaled && lead == (0, 0) {
            // One source pixel per display pixel: convert the visible window straight into place.
            try convertWindow(of: frame, converted, into: destination, at: target)
            // The X byte of XRGB lands in alpha; the YUV and RGB conversions write 0xFF there.
            if frame.pixelFormat == .xrgb32 || frame.pixelFormat == .xbgr32 { makeOpaque(destination, at: target) }
            return
        }
        let staging = stagingBuffer(width: converted.width, height: converted.height)
        try convertWindow(of: frame, converted, into: staging, at: FrameWindow(x: 0, y: 0, width: converted.width, height: converted.height))
        try scale(staging, window: FrameWindow(x: lead.x, y: lead.y, width: window.width, height: window.height),
                  into: destination, at: target)
    }

    /// Makes what a letterboxing fit leaves around `target` transparent, so the element's
    /// background shows there.
    private func clearBars(of destination: PixelBuffer, around target: FrameWindow) {
        guard !covers(destination, target) else { return }
        destination.fill(0)
    }

    private func covers(_ destination: PixelBuffer, _ target: FrameWindow) -> Bool {
        target.width == destination.width && target.height == destination.height
    }

    /// Sets the alpha of the `area` pixels to 0xFF where the frame is drawn with its alpha (a fit
    /// with bars); one SIMD pass: libyuv copies a row of 0xFF bytes (stride 0) into the alpha channel.
    private func makeOpaque(_ buffer: PixelBuffer, at area: FrameWindow) {
        guard drawnWithAlpha else { return }
        precondition(area.width <= Self.opaqueRow.count, "row of \(area.width) pixels")
        _ = Self.opaqueRow.withUnsafeBufferPointer { row in
            ARGBCopyYToAlpha(row.baseAddress, 0,
                             UnsafeMutableRawPointer(buffer.pixels).assumingMemoryBound(to: UInt8.self) + area.y * buffer.stride + area.x * 4,
                             Int32(buffer.stride), Int32(area.width), Int32(area.height))
        }
    }

    /// Whether the compositor draws these frames with their alpha (`DisplayListBuilder`'s video
    /// item): the fits that may leave bars; `cover` and `fill` frames are read as x8r8g8b8.
    private var drawnWithAlpha: Bool {
        switch fit {
        case .cover, .fill: false
        case .contain, .center: true
        }
    }

    private static let opaqueRow = [UInt8](repeating: 0xFF, count: PixelSize.sideRange.upperBound)

    /// Bands a conversion is cut into at most.
    private static let maximumBands = maximumThreads * 2

    /// Runs `body` on bands of `rows` rows (band `band`, each a multiple of `step`, from row `from`
    /// to row `to`), spread across the workers; true when every band's libyuv call returned 0.
    private func inBands(rows: Int, step: Int = 1, _ body: (_ band: Int, _ from: Int, _ to: Int) -> Int32) -> Bool {
        let bands = threads > 1 ? min(threads * 2, rows / Self.bandRows) : 1
        guard bands > 1 else { return body(0, 0, rows) == 0 }
        if workers == nil { workers = WorkerPool(threads: threads) }
        let failures = Atomic(0)
        workers!.forEachBand(bands) { band in
            let from = rows * band / bands / step * step
            let to = band == bands - 1 ? rows : rows * (band + 1) / bands / step * step
            if to > from && body(band, from, to) != 0 { failures.add(1, ordering: .relaxed) }
        }
        return failures.load(ordering: .relaxed) == 0
    }

    private func decodeJPEG(_ frame: CapturedFrame, fitting destination: PixelBuffer, direct: Bool) throws(CameraError) -> PixelBuffer {
        do {
            return try jpeg.decode(frame.bytes, source: source,
                                   fitting: Size(width: Double(destination.width), height: Double(destination.height)),
                                   into: direct ? destination : nil)
        } catch {
            throw .corruptFrame(device: source, reason: error.reason)
        }
    }

    private func validate(_ frame: CapturedFrame) throws(CameraError) {
        let format = frame.pixelFormat
        let lineNeeded = format.packedLineLength(width: frame.width)
        // libyuv takes sizes and strides as `int`; no driver sends frames anywhere near the limit.
        guard PixelSize.sideRange.contains(frame.width), PixelSize.sideRange.contains(frame.height),
              frame.bytesPerLine >= lineNeeded, frame.bytesPerLine <= PixelSize.sideRange.upperBound * 4 else {
            throw .corruptFrame(device: source, reason: "line of \(frame.bytesPerLine) bytes for \(frame.width)x\(frame.height) \(format) pixels")
        }
        var needed = format.minimumFrameLength(width: frame.width, height: frame.height, bytesPerLine: frame.bytesPerLine) ?? 0
        if let planes = frame.chromaPlanes, format == .nv12 || format == .i420 {
            let rows = (frame.height + 1) / 2
            guard planes.uOffset >= 0, planes.vOffset >= 0, planes.bytesPerLine >= (frame.width + 1) / 2 * (format == .nv12 ? 2 : 1) else {
                throw .corruptFrame(device: source, reason: "chroma planes at \(planes.uOffset) and \(planes.vOffset), lines of \(planes.bytesPerLine) bytes")
            }
            needed = max(frame.bytesPerLine * frame.height, max(planes.uOffset, planes.vOffset) + planes.bytesPerLine * rows)
        }
        guard frame.bytes.count >= needed, frame.bytes.baseAddress != nil else {
            throw .shortFrame(device: source, bytes: frame.bytes.count, expected: needed)
        }
    }

    /// Converts the window of `frame` into the `window.width` x `window.height` pixels of `output` at `place`.
    private func convertWindow(of frame: CapturedFrame, _ window: FrameWindow, into output: PixelBuffer,
                               at place: FrameWindow) throws(CameraError) {
        // Bands start on a chroma row, so each converts whole chroma samples.
        let converted = inBands(rows: window.height, step: frame.pixelFormat.chromaGrid.rows) { _, from, to in
            Self.convertRows(of: frame, FrameWindow(x: window.x, y: window.y + from, width: window.width, height: to - from),
                             into: output, row: place.y + from, column: place.x)
        }
        guard converted else {
            throw .corruptFrame(device: source, reason: "libyuv refused a \(frame.width)x\(frame.height) \(frame.pixelFormat) frame")
        }
    }

    /// Converts the window of `frame` into `output` from `row` and `column` on; libyuv's result (0: done).
    private static func convertRows(of frame: CapturedFrame, _ window: FrameWindow, into output: PixelBuffer,
                                    row: Int, column: Int) -> Int32 {
        let base = frame.bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let line = Int32(frame.bytesPerLine)
        let out = UnsafeMutableRawPointer(output.pixels).assumingMemoryBound(to: UInt8.self) + row * output.stride + column * 4
        let outStride = Int32(output.stride)
        let (x, y, width, height) = (window.x, window.y, Int32(window.width), Int32(window.height))
        switch frame.pixelFormat {
        case .yuyv:
            return YUY2ToARGB(base + y * frame.bytesPerLine + x * 2, line, out, outStride, width, height)
        case .uyvy:
            return UYVYToARGB(base + y * frame.bytesPerLine + x * 2, line, out, outStride, width, height)
        case .nv12:
            // V4L2's NV12: the UV plane follows the Y plane with the same line length.
            let planes = frame.chromaPlanes
                ?? ChromaPlanes(uOffset: frame.bytesPerLine * frame.height, vOffset: 0, bytesPerLine: frame.bytesPerLine)
            return NV12ToARGB(base + y * frame.bytesPerLine + x, line, base + planes.uOffset + (y / 2) * planes.bytesPerLine + x,
                              Int32(planes.bytesPerLine), out, outStride, width, height)
        case .i420:
            // V4L2's YU12: the Cb and Cr planes follow the Y plane, each with half its line length.
            let chromaLine = frame.chromaPlanes?.bytesPerLine ?? frame.bytesPerLine / 2
            let u = base + (frame.chromaPlanes?.uOffset ?? frame.bytesPerLine * frame.height)
            let v = frame.chromaPlanes.map { base + $0.vOffset } ?? u + chromaLine * ((frame.height + 1) / 2)
            let offset = (y / 2) * chromaLine + x / 2
            return I420ToARGB(base + y * frame.bytesPerLine + x, line, u + offset, Int32(chromaLine), v + offset, Int32(chromaLine),
                              out, outStride, width, height)
        case .rgb24:
            // libyuv names formats by their little-endian word: R, G, B in memory is its "RAW".
            return RAWToARGB(base + y * frame.bytesPerLine + x * 3, line, out, outStride, width, height)
        case .bgr24:
            return RGB24ToARGB(base + y * frame.bytesPerLine + x * 3, line, out, outStride, width, height)
        case .xrgb32:
            // X, R, G, B in memory is libyuv's "BGRA"; the X byte lands in the top byte, not read.
            return BGRAToARGB(base + y * frame.bytesPerLine + x * 4, line, out, outStride, width, height)
        case .xbgr32:
            // B, G, R, X in memory is libyuv's "ARGB" itself: a copy.
            return ARGBCopy(base + y * frame.bytesPerLine + x * 4, line, out, outStride, width, height)
        case .mjpeg:
            preconditionFailure("MJPEG frames are decoded whole by libjpeg-turbo")
        }
    }

    /// Scales the window of `picture` over the `target` pixels of `destination` with bilinear filtering.
    ///
    /// An enlargement across is `kiosk_bilinear`'s where libyuv runs its SIMD rows and the CPU has
    /// AVX2 (1280x720 to 1920x1080 converted in 0.76 ms against 1.26 ms with `ARGBScale`, whose
    /// column filter was two thirds of the scale). Any other scale is libyuv's, whose horizontal
    /// ARGB filter weighs two pixels by 127/128 in all (this version rounds down), so its pixels
    /// come out up to 2/255 darker, with 253 in the top byte.
    private func scale(_ picture: PixelBuffer, window: FrameWindow, into destination: PixelBuffer,
                       at target: FrameWindow) throws(CameraError) {
        let base = UnsafeMutableRawPointer(picture.pixels).assumingMemoryBound(to: UInt8.self) + window.y * picture.stride + window.x * 4
        let out = UnsafeMutableRawPointer(destination.pixels).assumingMemoryBound(to: UInt8.self)
            + target.y * destination.stride + target.x * 4
        let (stride, outStride) = (Int32(picture.stride), Int32(destination.stride))
        let copy = window.width == target.width && window.height == target.height
        let enlargement = copy ? nil : enlargement(from: window, to: target)
        let scaled = inBands(rows: target.height) { band, from, to in
            if copy {
                return ARGBCopy(base + from * picture.stride, stride, out + from * destination.stride, outStride,
                                Int32(window.width), Int32(to - from))
            }
            if let enlargement {
                enlargement.rows(band: band, source: base, sourceStride: picture.stride, out: out, outStride: destination.stride,
                                 from: from, to: to)
                return 0
            }
            return ARGBScaleClip(base, stride, Int32(window.width), Int32(window.height), out, outStride,
                                 Int32(target.width), Int32(target.height), 0, Int32(from), Int32(target.width),
                                 Int32(to - from), kFilterBilinear)
        }
        guard scaled else {
            throw .corruptFrame(device: source, reason: "libyuv could not scale \(window.width)x\(window.height) to \(target.width)x\(target.height)")
        }
        makeOpaque(destination, at: target)
    }

    /// The `kiosk_bilinear` enlargement of `window` to `target`, kept while the sizes stay; nil where
    /// libyuv scales: its C rows are asked for (the tests' `LibyuvRows`, so the whole conversion
    /// follows one switch), or `kiosk_bilinear` has no loop for the sizes or the CPU.
    private func enlargement(from window: FrameWindow, to target: FrameWindow) -> BilinearEnlargement? {
        guard TestCpuFlag(Int32(kCpuHasAVX2)) != 0, target.width >= window.width else { return nil }
        if let enlargement, enlargement.sourceWidth == window.width, enlargement.sourceHeight == window.height,
           enlargement.width == target.width, enlargement.height == target.height {
            return enlargement
        }
        enlargement = BilinearEnlargement(sourceWidth: window.width, sourceHeight: window.height,
                                          width: target.width, height: target.height, bands: Self.maximumBands)
        return enlargement
    }

    private func stagingBuffer(width: Int, height: Int) -> PixelBuffer {
        if let staging, staging.width == width, staging.height == height { return staging }
        let buffer = PixelBuffer(width: width, height: height)
        staging = buffer
        return buffer
    }
}
