import KioskOptions

/// What the feed plane shows: a camera frame, copied into one of the plane path's dumb buffers or
/// scanned out from the camera's own capture buffer (zero-copy), which is held as long as a
/// plane state holds this.
struct FeedScanout: Equatable {
    enum Source {
        /// An index into `PlaneFrameBuffers.feed`.
        case dumbBuffer(Int)
        case captureBuffer(any CaptureBuffer)
    }

    var frame: FeedFrame
    var source: Source

    /// The capture buffer shown from, zero-copy; nil for a copied frame.
    var capture: (any CaptureBuffer)? {
        if case .captureBuffer(let buffer) = source { buffer } else { nil }
    }

    static func == (lhs: FeedScanout, rhs: FeedScanout) -> Bool {
        guard lhs.frame == rhs.frame else { return false }
        switch (lhs.source, rhs.source) {
        case (.dumbBuffer(let left), .dumbBuffer(let right)): return left == right
        case (.captureBuffer(let left), .captureBuffer(let right)): return left.id == right.id
        case (.dumbBuffer, .captureBuffer), (.captureBuffer, .dumbBuffer): return false
        }
    }
}
