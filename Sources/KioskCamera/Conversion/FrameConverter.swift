import KioskCompositor
import KioskEngine

/// Turns captured buffers of any supported format into display-size, aspect-filled frames.
///
/// Keeps a staging buffer at the capture size between frames, so converting allocates nothing
/// once the size is steady (MJPEG excepted: the decoder returns a new buffer per frame).
/// Used from one thread.
final class FrameConverter {
    /// The device path, for error messages.
    let source: String
    private var staging: PixelBuffer?

    init(source: String) {
        self.source = source
    }

    func convert(_ frame: CapturedFrame, into destination: PixelBuffer) throws(CameraError) {
        if frame.isFlaggedCorrupt {
            throw .corruptFrame(device: source, reason: "the driver flagged the buffer as damaged")
        }
        if frame.pixelFormat == .mjpeg {
            let decoded: PixelBuffer
            do {
                decoded = try ImageDecoder.decodeJPEG(frame.bytes, source: source,
                                                     fitting: Size(width: Double(destination.width), height: Double(destination.height)))
            } catch let error as ImageDecodingError {
                throw .corruptFrame(device: source, reason: error.reason)
            } catch {
                throw .corruptFrame(device: source, reason: "\(error)")
            }
            AspectFillScaler.scale(decoded, into: destination)
            return
        }
        try validate(frame)
        let fill = AspectFill(sourceWidth: frame.width, sourceHeight: frame.height,
                              destinationWidth: destination.width, destinationHeight: destination.height)
        if fill.isUnscaled {
            // One source pixel per display pixel: convert the visible window straight into place.
            convertRows(of: frame, firstX: Int(fill.visibleX.rounded()), firstY: Int(fill.visibleY.rounded()),
                        width: destination.width, height: destination.height, into: destination)
            return
        }
        let staging = stagingBuffer(width: frame.width, height: frame.height)
        convertRows(of: frame, firstX: 0, firstY: 0, width: frame.width, height: frame.height, into: staging)
        AspectFillScaler.scale(staging, into: destination)
    }

    private func validate(_ frame: CapturedFrame) throws(CameraError) {
        let format = frame.pixelFormat
        let lineNeeded = format.packedLineLength(width: frame.width)
        let needed = format.minimumFrameLength(width: frame.width, height: frame.height, bytesPerLine: frame.bytesPerLine) ?? 0
        guard frame.width > 0, frame.height > 0, frame.bytesPerLine >= lineNeeded else {
            throw .corruptFrame(device: source, reason: "line of \(frame.bytesPerLine) bytes for \(frame.width) \(format) pixels")
        }
        guard frame.bytes.count >= needed, frame.bytes.baseAddress != nil else {
            throw .shortFrame(device: source, bytes: frame.bytes.count, expected: needed)
        }
    }

    private func convertRows(of frame: CapturedFrame, firstX: Int, firstY: Int, width: Int, height: Int,
                             into destination: PixelBuffer) {
        let base = frame.bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let chromaPlane = base + frame.bytesPerLine * frame.height
        for row in 0..<height {
            let y = firstY + row
            let chroma = frame.pixelFormat == .nv12 ? chromaPlane + (y >> 1) * frame.bytesPerLine : nil
            PixelRowConverter.convert(frame.pixelFormat, line: base + y * frame.bytesPerLine, chromaLine: chroma,
                                      firstX: firstX, count: width, into: destination.pixels + row * destination.rowLength)
        }
    }

    private func stagingBuffer(width: Int, height: Int) -> PixelBuffer {
        if let staging, staging.width == width, staging.height == height { return staging }
        let buffer = PixelBuffer(width: width, height: height)
        staging = buffer
        return buffer
    }
}
