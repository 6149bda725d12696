import Glibc

/// One packet received from the socket: its bytes and the file descriptors that came with it
/// (the receiver owns them; `closeDescriptors()` closes those it does not keep).
public struct WebPacket: Sendable {
    public var bytes: [UInt8]
    public var fileDescriptors: [Int32]

    public init(bytes: [UInt8], fileDescriptors: [Int32]) {
        self.bytes = bytes
        self.fileDescriptors = fileDescriptors
    }

    /// Closes every descriptor that came with the packet.
    public func closeDescriptors() {
        for fd in fileDescriptors { close(fd) }
    }
}

/// What one receive found.
public enum WebReceive: Sendable {
    case packet(WebPacket)
    /// The other end closed the socket.
    case closed
}

/// SOCK_SEQPACKET helpers for the daemon/host socket: one message per packet, file descriptors
/// with SCM_RIGHTS. The socket itself is the caller's (it polls it in its own loop).
public enum WebSocket {
    /// The most descriptors one packet may carry; more are a protocol error (dropped and closed).
    static let maxDescriptors = 4

    /// A connected pair of close-on-exec SOCK_SEQPACKET sockets (the daemon keeps one, the host gets the other).
    public static func pair() throws -> (Int32, Int32) {
        var fds: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0 else {
            throw WebSocketError.system(call: "socketpair", errno: errno)
        }
        return (fds[0], fds[1])
    }

    /// Sends one packet with `fileDescriptors` (duplicated into the peer; the caller still owns its own).
    /// `wait: false` never blocks (throws `.wouldBlock` when the socket is full); SIGPIPE is never raised.
    public static func send(_ bytes: [UInt8], fileDescriptors: [Int32] = [], on socket: Int32, wait: Bool) throws {
        precondition(bytes.count <= WebProtocol.maxMessageBytes, "encode() bounds every message")
        precondition(fileDescriptors.count <= maxDescriptors)
        var flags = Int32(MSG_NOSIGNAL)
        if !wait { flags |= Int32(MSG_DONTWAIT) }
        let controlLength = fileDescriptors.isEmpty ? 0 : cmsgSpace(fileDescriptors.count)
        var control = [UInt8](repeating: 0, count: max(controlLength, 1))
        let sent: Int = bytes.withUnsafeBytes { data in
            control.withUnsafeMutableBytes { controlBuffer in
                var iov = iovec(iov_base: UnsafeMutableRawPointer(mutating: data.baseAddress), iov_len: data.count)
                return withUnsafeMutablePointer(to: &iov) { iovPointer in
                    var header = msghdr()
                    header.msg_iov = iovPointer
                    header.msg_iovlen = 1
                    if !fileDescriptors.isEmpty {
                        writeRights(fileDescriptors, into: controlBuffer)
                        header.msg_control = controlBuffer.baseAddress
                        header.msg_controllen = controlLength
                    }
                    while true {
                        let result = sendmsg(socket, &header, flags)
                        if result < 0 && errno == EINTR { continue }
                        return result
                    }
                }
            }
        }
        if sent < 0 {
            if errno == EAGAIN || errno == EWOULDBLOCK { throw WebSocketError.wouldBlock }
            throw WebSocketError.system(call: "sendmsg", errno: errno)
        }
    }

    /// Receives one packet without blocking (throws `.wouldBlock` when none is waiting). Descriptors
    /// arrive close-on-exec. A packet over the size limit, or with more descriptors than any message
    /// carries, is refused with its descriptors closed.
    public static func receive(on socket: Int32) throws -> WebReceive {
        var buffer = [UInt8](repeating: 0, count: WebProtocol.maxMessageBytes)
        let controlLength = cmsgSpace(maxDescriptors)
        var control = [UInt8](repeating: 0, count: controlLength)
        var receivedFlags: Int32 = 0
        var controlUsed = 0
        let received: Int = buffer.withUnsafeMutableBytes { data in
            control.withUnsafeMutableBytes { controlBuffer in
                var iov = iovec(iov_base: data.baseAddress, iov_len: data.count)
                return withUnsafeMutablePointer(to: &iov) { iovPointer in
                    var header = msghdr()
                    header.msg_iov = iovPointer
                    header.msg_iovlen = 1
                    header.msg_control = controlBuffer.baseAddress
                    header.msg_controllen = controlLength
                    while true {
                        let result = recvmsg(socket, &header, Int32(MSG_DONTWAIT) | Int32(MSG_CMSG_CLOEXEC))
                        if result < 0 && errno == EINTR { continue }
                        receivedFlags = header.msg_flags
                        controlUsed = header.msg_controllen
                        return result
                    }
                }
            }
        }
        if received < 0 {
            if errno == EAGAIN || errno == EWOULDBLOCK { throw WebSocketError.wouldBlock }
            throw WebSocketError.system(call: "recvmsg", errno: errno)
        }
        let fds = control.withUnsafeBytes { readRights(from: $0, length: controlUsed) }
        // Every message has a header, so an empty packet is the peer's end of stream.
        if received == 0 && fds.isEmpty { return .closed }
        let packet = WebPacket(bytes: Array(buffer[0..<received]), fileDescriptors: fds)
        if receivedFlags & Int32(MSG_TRUNC) != 0 {
            packet.closeDescriptors()
            throw WebSocketError.packetTooLong
        }
        if receivedFlags & Int32(MSG_CTRUNC) != 0 {
            packet.closeDescriptors()
            throw WebSocketError.descriptorsDropped
        }
        return .packet(packet)
    }

    /// CMSG_SPACE for `count` descriptors (Swift cannot import the macro).
    private static func cmsgSpace(_ count: Int) -> Int {
        let align = MemoryLayout<Int>.size
        let header = (MemoryLayout<cmsghdr>.size + align - 1) & ~(align - 1)
        let data = (count * MemoryLayout<Int32>.size + align - 1) & ~(align - 1)
        return header + data
    }

    private static func cmsgHeaderSpace() -> Int {
        let align = MemoryLayout<Int>.size
        return (MemoryLayout<cmsghdr>.size + align - 1) & ~(align - 1)
    }

    private static func writeRights(_ fds: [Int32], into buffer: UnsafeMutableRawBufferPointer) {
        var header = cmsghdr()
        header.cmsg_len = cmsgHeaderSpace() + fds.count * MemoryLayout<Int32>.size
        header.cmsg_level = SOL_SOCKET
        header.cmsg_type = Int32(SCM_RIGHTS)
        buffer.storeBytes(of: header, as: cmsghdr.self)
        for (index, fd) in fds.enumerated() {
            buffer.storeBytes(of: fd, toByteOffset: cmsgHeaderSpace() + index * MemoryLayout<Int32>.size, as: Int32.self)
        }
    }

    /// The SCM_RIGHTS descriptors in a received control buffer of `length` bytes.
    private static func readRights(from buffer: UnsafeRawBufferPointer, length: Int) -> [Int32] {
        var fds: [Int32] = []
        var offset = 0
        while offset + MemoryLayout<cmsghdr>.size <= length {
            let header = buffer.loadUnaligned(fromByteOffset: offset, as: cmsghdr.self)
            let headerLength = Int(header.cmsg_len)
            guard headerLength >= cmsgHeaderSpace(), offset + headerLength <= length else { break }
            if header.cmsg_level == SOL_SOCKET && header.cmsg_type == Int32(SCM_RIGHTS) {
                let count = (headerLength - cmsgHeaderSpace()) / MemoryLayout<Int32>.size
                for index in 0..<count {
                    fds.append(buffer.loadUnaligned(fromByteOffset: offset + cmsgHeaderSpace() + index * MemoryLayout<Int32>.size,
                                                    as: Int32.self))
                }
            }
            offset += (headerLength + MemoryLayout<Int>.size - 1) & ~(MemoryLayout<Int>.size - 1)
        }
        return fds
    }
}
