import Glibc

/// CLOCK_MONOTONIC in seconds: the clock `LibevdevDevice` asks the kernel to stamp events with,
/// and the one DRM page-flip events use, so touch and frame times compare directly.
enum MonotonicClock {
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1_000_000_000
    }
}
