import Logging

/// Keeps every logged message, so a test can read what the daemon said.
final class LogLines: @unchecked Sendable {
    private(set) var lines: [String] = []

    func append(_ line: String) { lines.append(line) }

    func contains(_ text: String) -> Bool { lines.contains { $0.contains(text) } }

    var logger: Logger {
        Logger(label: "test") { _ in RecordingLogHandler(lines: self) }
    }
}

struct RecordingLogHandler: LogHandler {
    let lines: LogLines
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lines.append("\(event.message)")
    }
}
