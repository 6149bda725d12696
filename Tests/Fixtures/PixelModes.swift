import CKioskPixels
import Foundation

/// Runs pixel checks once with each table of the compositor's loops this CPU runs
/// (`kiosk_pixels_table`: on x86 AVX2 or AVX-512, the baseline vector one and the portable C; on ARM
/// NEON and the portable C), then puts back the choice the environment made. libyuv picks its own
/// rows whatever the table; its tests force its two paths with `LibyuvRows`.
public enum PixelModes {
    /// The tables this CPU runs, fastest first.
    public static var tables: [String] {
        var names: [String] = []
        while let name = kiosk_pixels_table(Int32(names.count)) { names.append(String(cString: name)) }
        return names
    }

    public static func each(_ body: (String) throws -> Void) rethrows {
        defer { kiosk_pixels_force_portable(ProcessInfo.processInfo.environment["SWIPE_KIOSK_PIXELS"] == "portable" ? 1 : 0) }
        for table in tables {
            precondition(kiosk_pixels_use(table) == 0, table)
            try body(String(cString: kiosk_pixels_mode()))
        }
    }
}
