import KioskDisplay
import KioskOptions

/// What `swipe-kiosk run` was asked on its command line.
public struct RunOptions {
    /// The config file; nil: /etc/swipe-kiosk/kiosk.toml, or the built-in demo when that is missing.
    public var configPath: String?
    /// `--display`: overrides `[display] backend`.
    public var displayBackend: DisplayBackend?
    /// `--events-log`: the same JSON lines as `simulate`.
    public var eventsLogPath: String?
    /// `--replay`: an evemu recording fed in real time instead of (as well as) live touches.
    public var replayPath: String?
    /// The .desc file for a replay without a description.
    public var replayDevicePath: String?
    /// Stop after the replay has played and everything settled (demos and latency runs).
    public var exitAfterReplay = true

    public init(configPath: String? = nil, displayBackend: DisplayBackend? = nil, eventsLogPath: String? = nil,
                replayPath: String? = nil, replayDevicePath: String? = nil) {
        self.configPath = configPath
        self.displayBackend = displayBackend
        self.eventsLogPath = eventsLogPath
        self.replayPath = replayPath
        self.replayDevicePath = replayDevicePath
    }
}
