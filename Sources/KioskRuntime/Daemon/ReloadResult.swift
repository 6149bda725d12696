/// What a reload (SIGHUP, or a control request) did.
public enum ReloadResult: Equatable, Sendable {
    /// The file differed, or a picture it shows was replaced on disk, and is now running.
    case applied
    /// The file says what is already running.
    case unchanged
    /// The running config stays; the text says why (FILE:LINE:COLUMN lines for a bad file).
    case rejected(String)
    /// The daemon runs the built-in demo: there is no file to read again.
    case noConfigFile

    /// Whether the file was accepted (applied or unchanged).
    public var isAccepted: Bool {
        switch self {
        case .applied, .unchanged: true
        case .rejected, .noConfigFile: false
        }
    }
}
