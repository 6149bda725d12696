import CKioskPixels
import KioskEngine

/// An enlarging bilinear scale between two fixed sizes (`kiosk_bilinear`): the table of source
/// pixels and weights per output column and each band's row buffers, made once for the sizes and
/// kept while frames keep them. Its loop across is AVX2 and its weights sum to one (no pixel comes
/// out darker, alpha stays 0xFF); libyuv's `ARGBScale` does any other scale (README, "Camera and
/// video conversions").
final class BilinearEnlargement {
    let sourceWidth: Int, sourceHeight: Int, width: Int, height: Int
    private let raw: OpaquePointer
    /// Bands that may run at once, each on its own row buffers.
    let bands: Int

    /// Nil where `kiosk_bilinear` has no loop for it: a CPU without AVX2, a narrower output, or
    /// out of memory.
    init?(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int, bands: Int) {
        guard let raw = kiosk_bilinear_create(Int32(sourceWidth), Int32(sourceHeight), Int32(width), Int32(height), Int32(bands)) else {
            return nil
        }
        self.raw = raw
        (self.sourceWidth, self.sourceHeight, self.width, self.height, self.bands) = (sourceWidth, sourceHeight, width, height, bands)
    }

    deinit { kiosk_bilinear_destroy(raw) }

    /// Scales `source` (its top-left pixel at `source`, `sourceStride` bytes a row) into output
    /// rows `from..<to` at `out`, with band `band`'s row buffers.
    func rows(band: Int, source: UnsafePointer<UInt8>, sourceStride: Int, out: UnsafeMutablePointer<UInt8>, outStride: Int,
              from: Int, to: Int) {
        precondition(band < bands && sourceStride % 4 == 0 && outStride % 4 == 0, "band \(band), strides \(sourceStride) and \(outStride)")
        kiosk_bilinear_rows(raw, Int32(band), UnsafeRawPointer(source).assumingMemoryBound(to: UInt32.self), sourceStride / 4,
                            UnsafeMutableRawPointer(out).assumingMemoryBound(to: UInt32.self), outStride / 4, Int32(from), Int32(to))
    }
}
