import Foundation

/// Writes the metrics text for node_exporter's textfile collector: to a temporary file beside the
/// target, then renamed over it, so the collector never reads half a file.
public struct MetricsTextfileWriter {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    public func write(_ text: String) throws {
        let temporary = path + ".tmp"
        try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
        guard rename(temporary, path) == 0 else {
            let error = SystemCallError("rename \(temporary) to \(path)")
            unlink(temporary)
            throw error
        }
    }
}
