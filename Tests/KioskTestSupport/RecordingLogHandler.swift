import Foundation
import KioskRuntime
import Logging

/// Keeps every logged message, so a test can read what the daemon said (threads of its own, the
/// sound player's, log too: the lines are behind a lock).
package final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [String] = []

    package var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return kept
    }

    package init() {}

    package func append(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        kept.append(line)
    }

    package func contains(_ text: String) -> Bool { lines.contains { $0.contains(text) } }

    /// The daemon's rate limit on repeated lines, as `swipe-kiosk run` has it.
    package let limiter = LogRateLimiter()

    package var logger: Logger {
        Logger(label: "test") { _ in RateLimitedLogHandler(wrapping: RecordingLogHandler(lines: self), limiter: self.limiter) }
    }
}

package struct RecordingLogHandler: LogHandler {
    package let lines: LogLines
    package var metadata: Logger.Metadata = [:]
    package var logLevel: Logger.Level = .trace

    package init(lines: LogLines) {
        self.lines = lines
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        lines.append("\(event.message)")
    }
}
