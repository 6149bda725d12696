/// A reload applies a file but for the part only a start applies (`StartOnlyConfiguration`).
extension KioskConfiguration {
    /// The start-only part of this configuration.
    public var startOnly: StartOnlyConfiguration { StartOnlyConfiguration(self) }

    /// The `[section] key` names whose values in `file` differ from this (running) configuration's
    /// in the part only a start applies.
    public func restartOnlyChanges(to file: KioskConfiguration) -> [String] {
        startOnly.changes(to: file.startOnly)
    }

    /// `file` as a reload can run it: everything from the file but the part only a start applies,
    /// which stays as it runs.
    public func reloadable(from file: KioskConfiguration) -> KioskConfiguration {
        var result = file
        startOnly.keep(in: &result)
        return result
    }
}
