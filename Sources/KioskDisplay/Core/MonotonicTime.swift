import Glibc

/// CLOCK_MONOTONIC in seconds: the clock of DRM flip timestamps and evdev touch timestamps.
enum MonotonicTime {
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
