import Foundation
import Glibc

/// A backlight under /sys/class/backlight: `brightness`, `max_brightness` and, where the driver has
/// one, `bl_power` (0 on, 4 off).
public final class SysfsBacklight: Backlight {
    /// Where the kernel lists backlights.
    public static let classFolder = "/sys/class/backlight"

    public let folder: String
    public let maxLevel: Int
    public private(set) var level: Int

    /// Opens the backlight in `folder`; throws when it has no readable `max_brightness`.
    public init(folder: String) throws(BacklightError) {
        self.folder = folder
        guard let max = Self.readInteger("\(folder)/max_brightness"), max > 0 else { throw .notABacklight(folder: folder) }
        maxLevel = max
        level = Self.readInteger("\(folder)/brightness") ?? max
        // Said at start rather than at the first dimming, hours later.
        for file in ["brightness", "bl_power"] where access("\(folder)/\(file)", F_OK) == 0 {
            guard access("\(folder)/\(file)", W_OK) == 0 else { throw Self.error(errno, file: "\(folder)/\(file)") }
        }
    }

    /// The first backlight under `classFolder` (by name, so the choice is stable).
    public static func first(under classFolder: String = classFolder) throws(BacklightError) -> SysfsBacklight {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: classFolder)) ?? []).sorted()
        for name in names {
            if let backlight = try? SysfsBacklight(folder: "\(classFolder)/\(name)") { return backlight }
        }
        throw .noneFound(searched: classFolder)
    }

    public var name: String { folder }

    public func setLevel(_ level: Int) throws(BacklightError) {
        let clamped = min(max(level, 0), maxLevel)
        try write(clamped, to: "\(folder)/brightness")
        self.level = clamped
    }

    public func setPowered(_ powered: Bool) throws(BacklightError) {
        let file = "\(folder)/bl_power"
        guard access(file, F_OK) == 0 else { return }
        // FB_BLANK_UNBLANK is 0, FB_BLANK_POWERDOWN is 4.
        try write(powered ? 0 : 4, to: file)
    }

    private func write(_ value: Int, to file: String) throws(BacklightError) {
        // O_TRUNC as a shell's `>` does: sysfs ignores it, a plain file (tests) needs it.
        let descriptor = open(file, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.error(errno, file: file) }
        defer { close(descriptor) }
        let text = Array("\(value)\n".utf8)
        let written = text.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        guard written == text.count else { throw Self.error(errno, file: file) }
    }

    private static func error(_ code: Int32, file: String) -> BacklightError {
        switch code {
        case EACCES, EPERM: .permissionDenied(file: file)
        case EROFS: .readOnly(file: file)
        default: .failed(file: file, reason: String(cString: strerror(code)))
        }
    }

    private static func readInteger(_ file: String) -> Int? {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
