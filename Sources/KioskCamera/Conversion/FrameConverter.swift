import CYUV
import KioskCompositor
import KioskEngine
import KioskOptions

/// Turns captured buffers of any supported format into display-size, aspect-filled frames (or,
/// for a video element, frames of the element's size fitted as its `fit` says).
///
/// libyuv does the work (SIMD where the CPU has it): the visible window of the frame is converted
/// straight into the destination when it maps pixel for pixel, and otherwise converted at its own
/// size into a staging buffer that one bilinear `ARGBScale` aspect-fills into the destination.
/// YUV is BT.601 limited range, what V4L2 drivers and decoders send by default. MJPEG is decoded
/// by libjpeg-turbo at the scale nearest the display first. The staging buffer is kept between
/// frames, so converting allocates nothing once the size is steady (MJPEG excepted: the decoder
/// returns a new buffer per frame). Used from one thread.
final class FrameConverter {
    /// The device path, for error messages.
    let source: String
    /// How a frame fills the destination: `cover` (aspect-fill) for the background.
    let fit: ImageFit
    private var staging: PixelBuffer?

    init(source: String, fit: ImageFit = .cover) {
        self.source = source
        self.fit = fit
    }

    func convert(_ frame: CapturedFrame, into destination: PixelBuffer) throws(CameraError) {
        if frame.isFlaggedCorrupt {
            throw .corruptFrame(device: source, reason: "the driver flagged the buffer as damaged")
        }
        guard destination.width > 0, destination.height > 0 else { return }
        if frame.pixelFormat == .mjpeg {
            let decoded = try decodeJPEG(frame, fitting: destination)
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
        guard target.width != destination.width || target.height != destination.height else { return }
        destination.fill(0)
    }

    private func decodeJPEG(_ frame: CapturedFrame, fitting destination: PixelBuffer) throws(CameraError) -> PixelBuffer {
        do {
            return try ImageDecoder.decodeJPEG(frame.bytes, source: source,
                                               fitting: Size(width: Double(destination.width), height: Double(destination.height)))
        } catch let error as ImageDecodingError {
            throw .corruptFrame(device: source, reason: error.reason)
        } catch {
            throw .corruptFrame(device: source, reason: "\(error)")
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
        let base = frame.bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let line = Int32(frame.bytesPerLine)
        let out = UnsafeMutableRawPointer(output.pixels).assumingMemoryBound(to: UInt8.self) + place.y * output.stride + place.x * 4
        let outStride = Int32(output.stride)
        let (x, y, width, height) = (window.x, window.y, Int32(window.width), Int32(window.height))
        let result: Int32
        switch frame.pixelFormat {
        case .yuyv:
            result = YUY2ToARGB(base + y * frame.bytesPerLine + x * 2, line, out, outStride, width, height)
        case .uyvy:
            result = UYVYToARGB(base + y * frame.bytesPerLine + x * 2, line, out, outStride, width, height)
        case .nv12:
            // V4L2's NV12: the UV plane follows the Y plane with the same line length.
            let planes = frame.chromaPlanes
                ?? ChromaPlanes(uOffset: frame.bytesPerLine * frame.height, vOffset: 0, bytesPerLine: frame.bytesPerLine)
            result = NV12ToARGB(base + y * frame.bytesPerLine + x, line, base + planes.uOffset + (y / 2) * planes.bytesPerLine + x,
                                Int32(planes.bytesPerLine), out, outStride, width, height)
        case .i420:
            // V4L2's YU12: the Cb and Cr planes follow the Y plane, each with half its line length.
            let chromaLine = frame.chromaPlanes?.bytesPerLine ?? frame.bytesPerLine / 2
            let u = base + (frame.chromaPlanes?.uOffset ?? frame.bytesPerLine * frame.height)
            let v = frame.chromaPlanes.map { base + $0.vOffset } ?? u + chromaLine * ((frame.height + 1) / 2)
            let offset = (y / 2) * chromaLine + x / 2
            result = I420ToARGB(base + y * frame.bytesPerLine + x, line, u + offset, Int32(chromaLine), v + offset, Int32(chromaLine),
                                out, outStride, width, height)
        case .rgb24:
            // libyuv names formats by their little-endian word: R, G, B in memory is its "RAW".
            result = RAWToARGB(base + y * frame.bytesPerLine + x * 3, line, out, outStride, width, height)
        case .bgr24:
            result = RGB24ToARGB(base + y * frame.bytesPerLine + x * 3, line, out, outStride, width, height)
        case .xrgb32:
            // X, R, G, B in memory is libyuv's "BGRA"; the X byte lands in alpha, which must be opaque.
            result = BGRAToARGB(base + y * frame.bytesPerLine + x * 4, line, out, outStride, width, height)
            if result == 0 { Self.makeOpaque(output, at: FrameWindow(x: place.x, y: place.y, width: window.width, height: window.height)) }
        case .mjpeg:
            preconditionFailure("MJPEG frames are decoded whole by libjpeg-turbo")
        }
        guard result == 0 else {
            throw .corruptFrame(device: source, reason: "libyuv refused a \(frame.width)x\(frame.height) \(frame.pixelFormat) frame")
        }
    }

    /// Scales the window of `picture` over the `target` pixels of `destination` with bilinear filtering.
    ///
    /// libyuv's horizontal ARGB filter weighs two pixels by 127/128 in all (this version rounds
    /// down), so scaled pixels come out up to 2/255 darker and with alpha 253: alpha is set again.
    private func scale(_ picture: PixelBuffer, window: FrameWindow, into destination: PixelBuffer,
                       at target: FrameWindow) throws(CameraError) {
        let base = UnsafeMutableRawPointer(picture.pixels).assumingMemoryBound(to: UInt8.self) + window.y * picture.stride + window.x * 4
        let out = UnsafeMutableRawPointer(destination.pixels).assumingMemoryBound(to: UInt8.self)
            + target.y * destination.stride + target.x * 4
        let result: Int32
        if window.width == target.width && window.height == target.height {
            result = ARGBCopy(base, Int32(picture.stride), out, Int32(destination.stride), Int32(window.width), Int32(window.height))
        } else {
            result = ARGBScale(base, Int32(picture.stride), Int32(window.width), Int32(window.height),
                               out, Int32(destination.stride), Int32(target.width), Int32(target.height), kFilterBilinear)
            if result == 0 { Self.makeOpaque(destination, at: target) }
        }
        guard result == 0 else {
            throw .corruptFrame(device: source, reason: "libyuv could not scale \(window.width)x\(window.height) to \(target.width)x\(target.height)")
        }
    }

    /// Sets the alpha of the `area` pixels to 0xFF in one SIMD pass: libyuv copies a row of 0xFF
    /// bytes into the alpha channel, re-reading the same row (stride 0).
    private static func makeOpaque(_ buffer: PixelBuffer, at area: FrameWindow) {
        precondition(area.width <= opaqueRow.count, "row of \(area.width) pixels")
        _ = opaqueRow.withUnsafeBufferPointer { row in
            ARGBCopyYToAlpha(row.baseAddress, 0,
                             UnsafeMutableRawPointer(buffer.pixels).assumingMemoryBound(to: UInt8.self) + area.y * buffer.stride + area.x * 4,
                             Int32(buffer.stride), Int32(area.width), Int32(area.height))
        }
    }

    private static let opaqueRow = [UInt8](repeating: 0xFF, count: PixelSize.sideRange.upperBound)

    private func stagingBuffer(width: Int, height: Int) -> PixelBuffer {
        if let staging, staging.width == width, staging.height == height { return staging }
        let buffer = PixelBuffer(width: width, height: height)
        staging = buffer
        return buffer
    }
}
