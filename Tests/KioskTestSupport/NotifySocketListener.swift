import CLinux
import Foundation
import Glibc

/// The receiving end of the NOTIFY_SOCKET protocol, as systemd runs it: a unix datagram socket
/// whose path goes into $NOTIFY_SOCKET; each sd_notify call arrives as one datagram.
package final class NotifySocketListener {
    package let path: String
    private let fd: Int32

    package init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("notify-\(getpid())-\(UUID().uuidString.prefix(8))").path
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            let bytes = Array(path.utf8)
            raw.copyBytes(from: bytes.prefix(raw.count - 1))
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else { throw POSIXError(.EADDRINUSE) }
    }

    deinit {
        close(fd)
        unlink(path)
    }

    /// Every datagram waiting on the socket, oldest first.
    package func receive() -> [String] {
        var messages: [String] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            messages.append(String(decoding: buffer.prefix(count), as: UTF8.self))
        }
        return messages
    }
}
