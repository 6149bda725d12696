import CKioskPixels
import Foundation

/// Runs pixel checks once with the fastest loops this CPU has and once with the portable C an ARM
/// board runs (the compositor's kernels and, through them, libyuv's rows), then puts back the
/// choice the environment made.
public enum PixelModes {
    public static func each(_ body: (String) throws -> Void) rethrows {
        defer { kiosk_pixels_force_portable(ProcessInfo.processInfo.environment["SWIPE_KIOSK_PIXELS"] == "portable" ? 1 : 0) }
        for portable in [Int32(0), 1] {
            kiosk_pixels_force_portable(portable)
            try body(String(cString: kiosk_pixels_mode()))
        }
    }
}
