/// Why a backlight could not be read or written, naming the file and what fixes it.
public enum BacklightError: Error, Equatable, CustomStringConvertible {
    /// The folder has no readable `max_brightness`: not a backlight.
    case notABacklight(folder: String)
    /// `/sys/class/backlight` holds no backlight (`backlight = "auto"`).
    case noneFound(searched: String)
    /// Writing `file` was refused (EACCES/EPERM).
    case permissionDenied(file: String)
    /// `file` is on a read-only mount (a service sandbox).
    case readOnly(file: String)
    /// Another failure on `file`.
    case failed(file: String, reason: String)

    /// The udev rule `make install` and the package ship; it lets the `video` group write backlights.
    public static let udevRulePath = "/lib/udev/rules.d/70-swipe-kiosk-backlight.rules"

    public var description: String {
        switch self {
        case .notABacklight(let folder):
            "\(folder) is not a backlight (no readable max_brightness); set [power] backlight to a folder under /sys/class/backlight, \"auto\" or \"none\""
        case .noneFound(let searched):
            "no backlight under \(searched); brightness and dimming are off (set [power] backlight = \"none\" to say so)"
        case .permissionDenied(let file):
            "cannot write \(file): permission denied; install the udev rule \(Self.udevRulePath) (`make install` "
                + "or the swipe-kiosk package ships it) and run the service in the video group, or set [power] backlight = \"none\""
        case .readOnly(let file):
            "cannot write \(file): read-only file system; a systemd sandbox (ProtectKernelTunables) needs "
                + "ReadWritePaths=-/sys/devices, as the shipped swipe-kiosk.service has"
        case .failed(let file, let reason):
            "cannot use \(file): \(reason)"
        }
    }
}
