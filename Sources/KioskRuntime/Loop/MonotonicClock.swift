import Glibc

/// CLOCK_MONOTONIC in seconds: the clock of evdev timestamps and DRM page-flip events.
public enum MonotonicClock {
    public static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1_000_000_000
    }
}
