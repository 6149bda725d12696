import Foundation
import Glibc
import KioskConfig
import KioskEngine

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
        // Non-blocking and regular files only: a FIFO renamed over the path would otherwise
        // hold the loop in open() (and a device in read()) for good.
        let bytes: [UInt8]
        do {
            bytes = try RegularFile.read(path, upTo: min(maxLength * 4, ValueTextLimit.bytes) + 2).bytes
        } catch {
            // Gone for now (removed, or not yet written), or not a file: the last text stays.
            report("\(error)")
            return
        }
        let line = String(decoding: bytes, as: UTF8.self).prefix { $0 != "\n" && $0 != "\r\n" }
        let (text, cut) = ValueTextLimit.truncating(line.prefix(maxLength))
        if cut {
            report("\(path): its first line is longer than the \(ValueTextLimit.bytes) bytes a value holds; it is cut")
        } else {
            lastProblem = nil
        }
        set(text)
    }

    /// Logs a problem once until it changes or the file is read again.
    private func report(_ problem: String) {
        guard problem != lastProblem else { return }
        lastProblem = problem
        log(problem)
    }
}
