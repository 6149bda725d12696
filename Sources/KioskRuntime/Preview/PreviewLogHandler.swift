import Logging

/// The preview's log: one line per message on its output, as someone at the desk reads it, with
/// the level only where it matters (warnings and errors).
struct PreviewLogHandler: LogHandler {
    let write: @Sendable (String) -> Void
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        switch event.level {
        case .trace, .debug, .info, .notice: write("\(event.message)")
        case .warning, .error, .critical: write("\(event.level.rawValue): \(event.message)")
        }
    }
}
