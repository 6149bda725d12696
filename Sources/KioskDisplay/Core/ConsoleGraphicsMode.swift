import CLinux
import Glibc

/// Puts the active virtual console into graphics mode so the kernel console (cursor, messages)
/// stops drawing over the kiosk, and puts back the mode it found.
final class ConsoleGraphicsMode {
    private let descriptor: Int32
    private let previousMode: Int32
    private var restored = false

    /// Switches `/dev/tty0` (the active console) to KD_GRAPHICS.
    init(consolePath: String = "/dev/tty0") throws {
        let descriptor = open(consolePath, O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw DisplayError.systemCall("open", device: consolePath, errno: errno) }
        var mode: Int32 = 0
        guard clinux_vt_get_mode(descriptor, &mode) == 0, clinux_vt_set_graphics_mode(descriptor, 1) == 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw DisplayError.systemCall("KDSETMODE KD_GRAPHICS", device: consolePath, errno: code)
        }
        self.descriptor = descriptor
        previousMode = mode
    }

    /// Graphics mode where the console allows it; otherwise logs why and carries on in text mode.
    static func enterIfPossible(log: (String) -> Void) -> ConsoleGraphicsMode? {
        do {
            return try ConsoleGraphicsMode()
        } catch {
            log("console left in text mode, it may draw over the kiosk: \(error)")
            return nil
        }
    }

    func restore() {
        guard !restored else { return }
        restored = true
        _ = clinux_vt_set_graphics_mode(descriptor, previousMode)
        Glibc.close(descriptor)
    }

    deinit { restore() }
}
