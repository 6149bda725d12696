import KioskConfig

/// Where a command's configuration comes from: a file, or the built-in demo when none is given.
public struct ConfigurationSource {
    public var path: String?

    public init(path: String?) {
        self.path = path
    }

    /// The configuration, or an error listing every problem as `FILE:LINE:COLUMN: message`.
    public func load() throws -> KioskConfiguration {
        guard let path else { return DemoConfiguration.configuration }
        return try ConfigurationLoader.load(path: path).get()
    }
}
