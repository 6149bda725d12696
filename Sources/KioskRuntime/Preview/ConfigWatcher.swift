import Foundation
import Glibc
import KioskInput

/// Watches a config file and the pictures it names through inotify on their folders, so editors
/// that save by writing a temporary file and renaming it over the original are seen too.
public final class ConfigWatcher {
    public let fileDescriptor: Int32
    /// Watch descriptor -> the names in that folder that matter.
    private var watched: [Int32: Set<String>] = [:]

    /// Watches `configPath` and `files` (the images the config references).
    public init(configPath: String, files: [String] = []) throws(SystemCallError) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { throw SystemCallError("inotify_init1") }
        fileDescriptor = descriptor
        try watch([configPath] + files)
    }

    deinit { close(fileDescriptor) }

    /// Replaces the watched files, e.g. after a reload named other pictures.
    public func watch(_ paths: [String]) throws(SystemCallError) {
        for descriptor in watched.keys { inotify_rm_watch(fileDescriptor, descriptor) }
        watched = [:]
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE)
        for path in paths {
            let absolute = URL(fileURLWithPath: path).standardizedFileURL
            let folder = absolute.deletingLastPathComponent().path
            // A folder of slideshow pictures is watched itself: any file in it matters.
            var isFolder: ObjCBool = false
            let watchesFolder = FileManager.default.fileExists(atPath: absolute.path, isDirectory: &isFolder) && isFolder.boolValue
            let target = watchesFolder ? absolute.path : folder
            let watch = inotify_add_watch(fileDescriptor, target, mask)
            guard watch >= 0 else { throw SystemCallError("inotify_add_watch(\(target))") }
            watched[watch, default: []].insert(watchesFolder ? "*" : absolute.lastPathComponent)
        }
    }

    /// Drains the queued events; true when a watched file was written, replaced, created or removed.
    public func readChanges() -> Bool {
        InotifyReader.readAll(from: fileDescriptor).contains { event in
            guard let names = watched[event.watch] else { return false }
            return names.contains("*") || names.contains(event.name)
        }
    }
}
