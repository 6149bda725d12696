import CKioskPixels

extension WorkerPool {
    /// Calls `body` once for each band in `0..<bands`, spread across the threads, and returns when
    /// all have run. Each call must write memory of its own (its band's rows): they run at once.
    public func forEachBand(_ bands: Int, _ body: (Int) -> Void) {
        guard bands > 1, let raw else {
            for band in 0..<max(bands, 0) { body(band) }
            return
        }
        withoutActuallyEscaping(body) { body in
            var task = body
            withUnsafeMutablePointer(to: &task) { pointer in
                kiosk_pool_run(raw, { context, band in
                    context!.assumingMemoryBound(to: ((Int) -> Void).self).pointee(Int(band))
                }, pointer, Int32(bands))
            }
        }
    }
}
