import Foundation
import Glibc
import Logging

/// A swift-log handler for a daemon: syslog priority prefixes (`<3>`, `<6>` …) when stderr is
/// the journal, so `journalctl -p warning` works; plain timestamped lines on a terminal.
public struct KioskLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    private let label: String
    private let toJournal: Bool

    public init(label: String, toJournal: Bool = KioskLogHandler.stderrIsJournal()) {
        self.label = label
        self.toJournal = toJournal
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        let suffix = merged.isEmpty ? "" : " " + merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        let line = Self.format(level: event.level, label: label, message: "\(event.message)\(suffix)", toJournal: toJournal)
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// One log line as it is written; the journal adds its own timestamp.
    public static func format(level: Logger.Level, label: String, message: String, toJournal: Bool) -> String {
        if toJournal {
            // The journal makes one entry of each line, at the priority that line starts with: every line
            // of a multi-line message (a rejected config's FILE:LINE:COLUMN list) needs the prefix.
            let prefix = "<\(syslogPriority(level))>"
            return message.split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 }.joined(separator: "\n")
        }
        let time = Date().formatted(.iso8601.time(includingFractionalSeconds: true))
        return "\(time) \(level.rawValue.uppercased()) \(label): \(message)"
    }

    /// systemd sets JOURNAL_STREAM to the device:inode of the stream it gave us on stderr.
    public static func stderrIsJournal(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard let stream = environment["JOURNAL_STREAM"] else { return false }
        var info = stat()
        guard fstat(STDERR_FILENO, &info) == 0 else { return false }
        return stream == "\(info.st_dev):\(info.st_ino)"
    }

    static func syslogPriority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }
}
