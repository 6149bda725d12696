import CKioskPixels
import CYUV

/// Keeps libyuv's choice of loops in step with the compositor's: libyuv picks its SIMD rows
/// (SSSE3/AVX2 on x86, NEON on ARM) at run time, and `SWIPE_KIOSK_PIXELS=portable` (or
/// `kiosk_pixels_force_portable(1)`) masks them off so its plain C rows run, as the kernels do.
enum LibyuvPixelMode {
    /// Applies the current choice; cheap enough to call before every conversion.
    static func apply() {
        let portable = kiosk_pixels_portable_forced() != 0
        // Reads the flags, detecting the CPU on first use (MaskCpuFlags would detect it again and unmask).
        let flags = TestCpuFlag(-1)
        if portable && flags != kCpuInitialized {
            _ = MaskCpuFlags(kCpuInitialized)
        } else if !portable && flags == kCpuInitialized {
            // Zero clears the mask; the next call detects the CPU again.
            _ = MaskCpuFlags(0)
        }
    }

    /// Whether libyuv currently runs only its C rows.
    static var isPortable: Bool { TestCpuFlag(-1) == kCpuInitialized }
}
