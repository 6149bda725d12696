import Foundation

/// A backlight in a temp folder: the same files as /sys/class/backlight/NAME (brightness,
/// max_brightness and, when asked for, bl_power), so the real `SysfsBacklight` runs against it.
package final class BacklightFolder {
    package let url: URL

    package init(max: Int = 1000, level: Int? = nil, hasPowerSwitch: Bool = true) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("backlight-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try write("max_brightness", "\(max)\n")
        try write("brightness", "\(level ?? max)\n")
        if hasPowerSwitch { try write("bl_power", "0\n") }
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    package var path: String { url.path }

    /// The level last written to `brightness`.
    package var brightness: Int { Int(read("brightness")) ?? -1 }
    /// `bl_power`: 0 on, 4 off.
    package var power: Int { Int(read("bl_power")) ?? -1 }

    private func write(_ name: String, _ text: String) throws {
        try text.write(to: url.appendingPathComponent(name), atomically: false, encoding: .utf8)
    }

    private func read(_ name: String) -> String {
        ((try? String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)) ?? "")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
