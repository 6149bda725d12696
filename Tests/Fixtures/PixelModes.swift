import CKioskPixels
import Foundation

/// Runs pixel checks once with the compositor's fastest kernels for this CPU and once with their
/// portable C, then puts back the choice the environment made. (libyuv picks its own rows whatever
/// the mode; its tests force its two paths with `LibyuvRows`.)
public enum PixelModes {
    public static func each(_ body: (String) throws -> Void) rethrows {
        defer { kiosk_pixels_force_portable(ProcessInfo.processInfo.environment["SWIPE_KIOSK_PIXELS"] == "portable" ? 1 : 0) }
        for portable in [Int32(0), 1] {
            kiosk_pixels_force_portable(portable)
            try body(String(cString: kiosk_pixels_mode()))
        }
    }
}
