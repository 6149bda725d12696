/// When the web host is started again after it (or a page's web process) went: 1 s after the
/// first failure, doubling to 30 s; a host that ran `longest` seconds before failing starts over
/// at 1 s, so an occasional crash is retried quickly and a crash loop costs one try in 30 s.
struct WebRestartBackoff: Equatable {
    static let first = 1.0
    static let longest = 30.0
    /// Failures in a row, each within `longest` of its start.
    private(set) var failures = 0

    /// The delay before the next start, for a host (or page) started at `startedAt` that failed at `now`.
    mutating func delay(failedAt now: Double, startedAt: Double) -> Double {
        if now - startedAt >= Self.longest { failures = 0 }
        var delay = Self.first
        for _ in 0..<min(failures, 16) { delay *= 2 }
        failures += 1
        return min(delay, Self.longest)
    }
}
