import CYUV

/// Runs a check once with the rows libyuv picks for this CPU (SSSE3/AVX2 here, NEON on an ARM
/// board) and once with its plain C rows, as a CPU with neither would run them, then lets libyuv
/// pick again. `SWIPE_KIOSK_PIXELS=portable` is about the compositor's own kernels and leaves
/// libyuv's choice alone, so the tests force libyuv's two paths here.
enum LibyuvRows {
    static func each(_ body: (String) throws -> Void) rethrows {
        // Zero clears the mask: the next call detects the CPU again.
        defer { _ = MaskCpuFlags(0) }
        _ = MaskCpuFlags(0)
        try body("libyuv SIMD rows")
        // Only the "initialized" bit: every SIMD path off.
        _ = MaskCpuFlags(kCpuInitialized)
        try body("libyuv C rows")
    }
}
