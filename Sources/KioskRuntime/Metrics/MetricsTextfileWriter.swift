import Foundation

/// Writes the metrics text for node_exporter's textfile collector: to a temporary file beside the
/// target, then renamed over it, so the collector never reads half a file.
public struct MetricsTextfileWriter {
    public let path: String
    /// Readable by everyone whatever the service's umask (the unit's UMask=0077 would give 0600):
    /// node_exporter reads the file as its own user.
    public static let mode: mode_t = 0o644

    public init(path: String) {
        self.path = path
    }

    public func write(_ text: String) throws {
        let temporary = path + ".tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, Self.mode)
        guard descriptor >= 0 else { throw SystemCallError("cannot create \(temporary)") }
        defer { close(descriptor) }
        do {
            guard fchmod(descriptor, Self.mode) == 0 else { throw SystemCallError("chmod \(temporary)") }
            var bytes = Array(text.utf8)[...]
            while !bytes.isEmpty {
                let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { throw SystemCallError("write \(temporary)") }
                bytes = bytes.dropFirst(written)
            }
            guard rename(temporary, path) == 0 else { throw SystemCallError("rename \(temporary) to \(path)") }
        } catch {
            unlink(temporary)
            throw error
        }
    }
}
