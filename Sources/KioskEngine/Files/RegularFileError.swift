import Glibc

/// Why `RegularFile` refused a path.
public enum RegularFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// open() or read() failed; `code` is its errno.
    case cannotOpen(path: String, code: Int32)
    /// The path is a FIFO, socket, device or directory: reading it could block or never end.
    case notRegular(path: String, kind: String)
    /// The file holds more bytes than the reader accepts.
    case tooLarge(path: String, size: Int, limit: Int)

    public var path: String {
        switch self {
        case .cannotOpen(let path, _), .notRegular(let path, _), .tooLarge(let path, _, _): path
        }
    }

    /// What is wrong, without the path: "is a FIFO (named pipe), not a regular file; ...".
    public var reason: String {
        switch self {
        case .cannotOpen(_, let code):
            let why = code == ENOENT ? "no such file" : code == EACCES ? "no permission; check its permissions" : String(cString: strerror(code))
            return "cannot be opened (\(why))"
        case .notRegular(_, let kind):
            return "is \(kind), not a regular file; name a regular file (reading \(kind) could block the kiosk)"
        case .tooLarge(_, let size, let limit):
            return "holds \(size) bytes, more than the \(limit) bytes allowed; make it smaller"
        }
    }

    public var description: String { "\(path) \(reason)" }
}
