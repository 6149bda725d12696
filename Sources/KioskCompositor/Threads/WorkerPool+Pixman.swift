import CKioskPixels
import CPixman
import KioskEngine

/// One pixman composite, cut into bands of destination rows.
private struct CompositeBands {
    var op: pixman_op_t
    var source: OpaquePointer
    var mask: OpaquePointer?
    var destination: OpaquePointer
    var sourceOrigin: (x: Int32, y: Int32)
    var maskOrigin: (x: Int32, y: Int32)
    var box: PixelRect
    var bands: Int

    /// Rows [from, to) of the box, as their own composite: pixman starts each band where the
    /// whole composite would have reached it, so the pixels do not depend on the cut.
    func draw(band: Int) {
        let from = box.height * band / bands, to = box.height * (band + 1) / bands
        guard to > from else { return }
        pixman_image_composite32(op, source, mask, destination, sourceOrigin.x, sourceOrigin.y + Int32(from),
                                 maskOrigin.x, maskOrigin.y + Int32(from), Int32(box.x), Int32(box.y + from),
                                 Int32(box.width), Int32(to - from))
    }
}

extension WorkerPool {
    /// Rows per band at least: below that the per-band set-up shows.
    private static let bandRows = 32

    /// `pixman_image_composite32` of `box` with its rows shared out across the threads. The images
    /// are only read meanwhile (pixman validates them here first), and each band writes its own rows.
    func composite(_ op: pixman_op_t, source: OpaquePointer, mask: OpaquePointer?, destination: OpaquePointer,
                   sourceOrigin: (x: Int32, y: Int32), maskOrigin: (x: Int32, y: Int32), box: PixelRect) {
        var job = CompositeBands(op: op, source: source, mask: mask, destination: destination, sourceOrigin: sourceOrigin,
                                 maskOrigin: maskOrigin, box: box, bands: min(threads * 4, box.height / Self.bandRows))
        guard job.bands > 1 else {
            job.bands = 1
            job.draw(band: 0)
            return
        }
        // An empty composite validates the images (their flags, the fetchers) before threads share them.
        pixman_image_composite32(op, source, mask, destination, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutablePointer(to: &job) { pointer in
            kiosk_pool_run(raw, { context, band in
                context!.assumingMemoryBound(to: CompositeBands.self).pointee.draw(band: Int(band))
            }, pointer, Int32(pointer.pointee.bands))
        }
    }
}
