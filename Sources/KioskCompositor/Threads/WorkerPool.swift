import CKioskPixels

/// The compositor's persistent worker threads (`kiosk_pool`), which draw bands of rows of its
/// heaviest layers side by side. Each band writes its own rows, so a frame's pixels do not depend
/// on the thread count. The camera's frame conversions use one of their own.
public final class WorkerPool {
    /// Threads a job runs on, the calling one included.
    public let threads: Int
    let raw: OpaquePointer?

    /// More than four threads gains nothing on a kiosk's memory bus.
    static let maximumThreads = 4

    /// - Parameter threads: how many in all, the caller included; 1 starts none.
    public init(threads: Int) {
        raw = threads > 1 ? kiosk_pool_create(Int32(threads)) : nil
        self.threads = Int(kiosk_pool_threads(raw))
    }

    deinit { kiosk_pool_destroy(raw) }

    /// `SWIPE_KIOSK_THREADS` when it is a whole number from 1 to 16 (1: single-threaded), else
    /// the CPU count capped at `maximumThreads`.
    public static func threadCount(environment: [String: String], processors: Int) -> Int {
        if let value = environment["SWIPE_KIOSK_THREADS"], let count = Int(value), (1...16).contains(count) { return count }
        return min(max(processors, 1), maximumThreads)
    }
}
