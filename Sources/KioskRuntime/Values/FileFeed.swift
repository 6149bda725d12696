import Foundation
import Glibc

/// `source = "file"`: the file's first line (at most `maxLength` characters), read at start and
/// again whenever inotify on its folder says it was written, renamed over or created anew.
final class FileFeed: ValueFeed {
    private let path: String
    private let maxLength: Int
    private let loop: EventLoop
    private let watcher: ConfigWatcher
    private let set: (String) -> Void
    private let log: (String) -> Void
    private var lastProblem: String?

    init(path: String, maxLength: Int, loop: EventLoop, set: @escaping (String) -> Void,
         log: @escaping (String) -> Void) throws {
        self.path = path
        self.maxLength = maxLength
        self.loop = loop
        self.set = set
        self.log = log
        // The folder's watcher follows the name, so rename-over and re-creation are seen too.
        watcher = try ConfigWatcher(configPath: path)
        try loop.watch(watcher.fileDescriptor) { [unowned self] in
            if watcher.readChanges() { read() }
        }
        read()
    }

    deinit { loop.unwatch(watcher.fileDescriptor) }

    private func read() {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            // Gone for now (removed, or not yet written): the last text stays until it is back.
            report("cannot read \(path): \(String(cString: strerror(errno)))")
            return
        }
        defer { try? handle.close() }
        // A line never needs more than four bytes a character.
        let bytes = (try? handle.read(upToCount: maxLength * 4)) ?? Data()
        let line = String(decoding: bytes, as: UTF8.self).prefix { $0 != "\n" && $0 != "\r\n" }
        lastProblem = nil
        set(String(line.prefix(maxLength)))
    }

    /// Logs a problem once until it changes or the file is read again.
    private func report(_ problem: String) {
        guard problem != lastProblem else { return }
        lastProblem = problem
        log(problem)
    }
}
