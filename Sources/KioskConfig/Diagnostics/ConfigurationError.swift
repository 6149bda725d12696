/// Every problem found in one configuration file; a file with any of them is not loaded.
public struct ConfigurationError: Error, Sendable, CustomStringConvertible {
    /// Sorted by position, so they read top to bottom like the file.
    public var diagnostics: [ConfigDiagnostic]

    public init(diagnostics: [ConfigDiagnostic]) {
        self.diagnostics = diagnostics
    }

    /// One diagnostic a line.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
