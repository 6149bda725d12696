import Glibc

/// Which version of a file is at a path: a file replaced there (rewritten, or renamed over it as
/// editors and `cp` do) has another size, modification time or inode, so a surface drawn from the
/// old one is not taken for the new one.
public struct FileIdentity: Hashable, Sendable {
    public var size: Int64
    /// The modification time in nanoseconds since the epoch.
    public var modified: Int64
    public var inode: UInt64
    public var device: UInt64

    public init(size: Int64, modified: Int64, inode: UInt64, device: UInt64) {
        self.size = size
        self.modified = modified
        self.inode = inode
        self.device = device
    }

    /// The identity of the file at `path` now (following links); nil when there is none.
    public static func of(path: String) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileIdentity(size: Int64(info.st_size),
                            modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
                            inode: UInt64(info.st_ino), device: UInt64(info.st_dev))
    }
}
