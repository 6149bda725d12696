import Glibc

/// Reads files named by a config (values, pictures, the config itself) without ever blocking:
/// the path is opened non-blocking and must be a regular file, so a FIFO, socket or device
/// renamed into its place is refused instead of stalling the caller in open() or read().
public enum RegularFile {
    /// What kind of file `path` is when it is not a regular one ("a FIFO (named pipe)", ...);
    /// nil for a regular file. Opens nothing.
    public static func irregularKind(of path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return kind(of: info.st_mode)
    }

    /// Up to `limit` bytes from the start of `path`, and whether the file holds more.
    /// - Parameter refuseLarger: throw `tooLarge` instead of returning the first `limit` bytes.
    public static func read(_ path: String, upTo limit: Int, refuseLarger: Bool = false) throws(RegularFileError) -> (bytes: [UInt8], truncated: Bool) {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else {
            let code = errno
            // A FIFO or device that cannot be opened is called what it is, not "no permission".
            if let kind = irregularKind(of: path) { throw .notRegular(path: path, kind: kind) }
            throw .cannotOpen(path: path, code: code)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .cannotOpen(path: path, code: errno) }
        if let kind = kind(of: info.st_mode) { throw .notRegular(path: path, kind: kind) }
        let size = Int(info.st_size)
        if refuseLarger && size > limit { throw .tooLarge(path: path, size: size, limit: limit) }
        // One byte past the limit tells a file that grew since fstat from one that fits.
        var bytes = [UInt8](repeating: 0, count: min(max(size, 0), limit) + 1)
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count > 0 {
                filled += count
                if filled == bytes.count && filled <= limit { bytes.append(contentsOf: repeatElement(0, count: min(4096, limit + 1 - filled))) }
            } else if count < 0 && errno == EINTR {
                continue
            } else if count < 0 {
                throw .cannotOpen(path: path, code: errno)
            } else {
                break
            }
        }
        let truncated = filled > limit
        if truncated && refuseLarger { throw .tooLarge(path: path, size: filled, limit: limit) }
        return (Array(bytes[0..<min(filled, limit)]), truncated)
    }

    private static func kind(of mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFDIR: "a directory"
        default: "not a regular file"
        }
    }
}
