import Glibc

/// One inotify event: which watch it came from, what happened, and the name inside the watched folder.
public struct InotifyEvent: Equatable, Sendable {
    public var watch: Int32
    public var mask: UInt32
    public var name: String
}

/// Reads inotify events from a non-blocking inotify descriptor.
public enum InotifyReader {
    /// Every event queued on `descriptor` now; empty when none is.
    public static func readAll(from descriptor: Int32) -> [InotifyEvent] {
        var events: [InotifyEvent] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            var offset = 0
            // struct inotify_event: wd, mask, cookie, len (4 bytes each), then len bytes of NUL-padded name.
            while offset + 16 <= count {
                let (watch, mask, nameLength) = buffer.withUnsafeBytes { bytes in
                    (bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                     bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                     Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
                }
                let nameBytes = buffer[(offset + 16)..<min(offset + 16 + nameLength, count)].prefix { $0 != 0 }
                events.append(InotifyEvent(watch: watch, mask: mask, name: String(decoding: nameBytes, as: UTF8.self)))
                offset += 16 + nameLength
            }
        }
        return events
    }
}
