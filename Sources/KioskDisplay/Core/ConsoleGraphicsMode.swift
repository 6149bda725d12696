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
        // Write access is all the ioctls need, and all the tty group has (/dev/tty0 is root:tty 0620).
        let descriptor = open(consolePath, O_WRONLY | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw Self.refusal("open", device: consolePath, errno: errno) }
        var mode: Int32 = 0
        guard clinux_vt_get_mode(descriptor, &mode) == 0, clinux_vt_set_graphics_mode(descriptor, 1) == 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw Self.refusal("KDSETMODE KD_GRAPHICS", device: consolePath, errno: code)
        }
        self.descriptor = descriptor
        previousMode = mode
    }

    /// Why the console refused, with what a service needs: opening /dev/tty0 (root:tty 0620) needs
    /// root or the tty group, and KDSETMODE needs CAP_SYS_TTY_CONFIG unless the console is the
    /// caller's controlling terminal. The 'video' group, the other devices' fix, gives neither.
    static func refusal(_ call: String, device: String, errno code: Int32) -> DisplayError {
        guard code == EACCES || code == EPERM else { return .systemCall(call, device: device, errno: code) }
        return .deviceUnavailable(path: device, reason: "\(call) failed: \(String(cString: strerror(code))) "
            + "(the console needs root, or in the unit SupplementaryGroups=tty and DeviceAllow=\(device) w to open it, "
            + "and AmbientCapabilities=CAP_SYS_TTY_CONFIG with CapabilityBoundingSet=CAP_SYS_TTY_CONFIG for KDSETMODE; "
            + "the 'video' group gives neither)")
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
