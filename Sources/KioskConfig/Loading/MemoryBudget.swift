import Foundation
import KioskEngine
import KioskOptions

/// `[limits] memory` applied: a configuration whose `MemoryEstimate` exceeds the budget is
/// refused by `check-config`, at start and before a reload (which keeps the running config), so
/// no config that passes the check dies of memory once running.
public struct MemoryBudget: Hashable, Sendable {
    /// The budget in bytes.
    public var bytes: Int
    /// Whether `[limits] memory` set it (otherwise it is the default).
    public var isConfigured: Bool

    /// The budget `limits` sets, or the default: half the machine's RAM (`MemTotal` in /proc/meminfo).
    public init(_ limits: LimitsConfiguration, machineBytes: Int? = Self.machineBytes()) {
        isConfigured = limits.memoryBytes != nil
        bytes = limits.memoryBytes ?? (machineBytes ?? Self.fallbackMachineBytes) / 2
    }

    /// RAM assumed when /proc/meminfo cannot be read.
    static let fallbackMachineBytes = 1 << 30

    /// The display size assumed where the panel's mode is known only once it is opened.
    public static let assumedPanelSize = PixelSize(width: 1920, height: 1080)

    /// The size the display will have, when the file says it (headless, a desktop window, or a
    /// DRM or fbdev `mode`); nil where the panel's preferred mode decides.
    public static func plannedSize(of display: DisplayConfiguration) -> PixelSize? {
        switch display.backend {
        case .headless: display.size
        case .sdl: display.mode?.size ?? display.size
        case .auto, .drm, .fbdev: display.mode?.size
        }
    }

    /// Why `configuration` cannot run at `displaySize` within this budget, or nil when it can.
    public func problem(with configuration: KioskConfiguration, displaySize: PixelSize,
                        pictureSize: (String) -> PixelSize? = MemoryEstimate.headerSize) -> String? {
        let estimate = MemoryEstimate(configuration: configuration, displaySize: displaySize, pictureSize: pictureSize)
        guard estimate.totalBytes > bytes else { return nil }
        let source = isConfigured ? "[limits] memory" : "half the machine's RAM; set [limits] memory to change it"
        return "this config needs about \(estimate.description); more than its memory budget of "
            + "\(MemoryEstimate.format(bytes)) (\(source)). Use fewer or smaller screens, elements or pictures"
            + (isConfigured ? ", or raise [limits] memory" : "")
    }

    /// The machine's RAM in bytes (`MemTotal`), nil when /proc/meminfo says nothing.
    public static func machineBytes(meminfo: String = "/proc/meminfo") -> Int? {
        guard let text = try? RegularFile.read(meminfo, upTo: 64 << 10).bytes,
              let line = String(decoding: text, as: UTF8.self).split(separator: "\n").first(where: { $0.hasPrefix("MemTotal:") }),
              let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return nil }
        return kilobytes * 1024
    }
}
