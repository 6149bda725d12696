import Foundation
import Glibc

/// What a video path (`[camera] path` for `source = "video"`, a video element's `path`) may name:
/// a regular file, a folder (whose regular files play), or an `http(s)://`, `rtsp://` or `file://`
/// URI, a `file://` one naming a regular file. Checked with `stat` only (`RegularFile`), so a FIFO
/// or a device is refused without being opened (opening a FIFO blocks until a writer comes).
public enum VideoLocation {
    /// The URI schemes a video plays from.
    public static let schemes = ["http", "https", "rtsp", "file"]

    /// The scheme of `path` when it is written as a URI (`scheme://`), lowercased; nil for a path.
    public static func scheme(of path: String) -> String? {
        guard path.range(of: "^[A-Za-z][A-Za-z0-9+.-]*://", options: .regularExpression) != nil,
              let end = path.range(of: "://") else { return nil }
        return path[..<end.lowerBound].lowercased()
    }

    /// Why `path` cannot be played, or nil. A local path that does not exist is `missing` (the
    /// daemon waits for it to appear); a stream URI is not reached (the network may come later).
    public static func problem(with path: String, missing: String = "no such video file or folder") -> String? {
        guard let scheme = scheme(of: path) else { return kindProblem(path, missing: missing, allowFolder: true) }
        guard schemes.contains(scheme) else {
            return "the scheme \"\(scheme.prefix(32))\" is not one a video plays from; use http://, https://, rtsp:// or file://"
        }
        guard scheme == "file" else { return nil }
        guard let local = filePath(ofURI: path) else { return "not a usable file:// URI; write file:///absolute/path/clip.mp4" }
        return kindProblem(local, missing: missing, allowFolder: false)
    }

    /// The local path of a `file://` URI (`file:///a%20b` is `/a b`); nil when it names a host
    /// other than `localhost`, or decodes to a NUL.
    public static func filePath(ofURI uri: String) -> String? {
        guard let end = uri.range(of: "://") else { return nil }
        var rest = Substring(uri[end.upperBound...])
        if rest.hasPrefix("localhost/") { rest = rest.dropFirst("localhost".count) }
        guard rest.hasPrefix("/") else { return nil }
        var bytes: [UInt8] = []
        var input = Array(rest.utf8)[...]
        while let byte = input.popFirst() {
            if byte == UInt8(ascii: "%"), input.count >= 2,
               let value = UInt8(String(decoding: input.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                input = input.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        guard !bytes.contains(0) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func kindProblem(_ path: String, missing: String, allowFolder: Bool) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return missing }
        if info.st_mode & S_IFMT == S_IFDIR { return allowFolder ? nil : "a folder, not a video file; a file:// URI names one clip" }
        guard let kind = RegularFile.irregularKind(of: path) else { return nil }
        return "\(kind), not a regular file; name a video file, a folder of them or a stream URI"
    }
}
