import Foundation

/// CLOCK_MONOTONIC in seconds: the clock evdev stamps touches with and DRM stamps page flips
/// with, so touch and frame times compare directly, and wall-clock changes never move it.
///
/// The devices and the daemon read it; the engine itself never does — it runs on the clock it is
/// given, which is what keeps it deterministic under a virtual clock.
public enum MonotonicClock {
    public static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1_000_000_000
    }
}
