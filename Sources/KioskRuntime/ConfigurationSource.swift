import Foundation
import KioskConfig

/// Where a command's configuration comes from, the same way for every command that takes
/// `--config`: the file given, else `/etc/swipe-kiosk/kiosk.toml`, else the built-in demo.
public struct ConfigurationSource {
    /// What `--config` said, if anything.
    public var path: String?

    public init(path: String?) {
        self.path = path
    }

    /// The file the configuration is read from; nil for the built-in demo (no `--config`, and no
    /// file at the default path).
    public var resolvedPath: String? {
        if let path { return path }
        return FileManager.default.fileExists(atPath: KioskConfiguration.defaultPath) ? KioskConfiguration.defaultPath : nil
    }

    /// The configuration, or an error listing every problem as `FILE:LINE:COLUMN: message`.
    public func load() throws -> KioskConfiguration {
        guard let path = resolvedPath else { return DemoConfiguration.configuration }
        return try ConfigurationLoader.load(path: path).get()
    }
}
