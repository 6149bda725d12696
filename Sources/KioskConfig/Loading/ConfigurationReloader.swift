/// Holds the running configuration and replaces it on reload (SIGHUP) only with one that loads
/// without a single problem; a bad file leaves the running configuration in place.
public struct ConfigurationReloader: Sendable {
    /// What a reload did.
    public enum Outcome: Sendable {
        /// The file loaded cleanly and differs from the running configuration, which it now is.
        case applied(KioskConfiguration)
        /// The file loaded cleanly and says what is already running.
        case unchanged
        /// The file has problems; the running configuration stays.
        case rejected(ConfigurationError)
    }

    public let path: String
    public private(set) var current: KioskConfiguration

    /// Starts from a configuration already loaded (usually from `path`).
    public init(path: String, current: KioskConfiguration) {
        self.path = path
        self.current = current
    }

    /// Loads `path` again; the daemon calls this on SIGHUP and logs the diagnostics of a rejection.
    public mutating func reload() -> Outcome {
        // An empty file (an editor saving it) is refused by the loader, as at start and check-config.
        switch ConfigurationLoader.load(path: path) {
        case .failure(let error):
            return .rejected(error)
        case .success(let configuration) where configuration == current:
            return .unchanged
        case .success(let configuration):
            current = configuration
            return .applied(configuration)
        }
    }
}
