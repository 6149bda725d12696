import Glibc

/// Why sending or receiving a packet on the web host's socket failed.
public enum WebSocketError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A system call failed with `errno`.
    case system(call: String, errno: Int32)
    /// The socket has no room (send) or no packet (receive) now; try again when it polls ready.
    case wouldBlock
    /// A packet arrived longer than `WebProtocol.maxMessageBytes` (its tail was dropped by the kernel).
    case packetTooLong
    /// The packet's file descriptors did not fit the control buffer (the kernel closed them).
    case descriptorsDropped

    public var description: String {
        switch self {
        case let .system(call, code):
            return "web host socket: \(call) failed: \(String(cString: strerror(code)))"
        case .wouldBlock:
            return "web host socket: would block"
        case .packetTooLong:
            return "web host socket: a packet longer than \(WebProtocol.maxMessageBytes) bytes was refused"
        case .descriptorsDropped:
            return "web host socket: a packet carried more file descriptors than expected; they were dropped"
        }
    }
}
