import Glibc
import KioskWebProtocol
import XCTest

/// The SOCK_SEQPACKET helpers over a real socketpair: message boundaries, descriptors, end of stream.
final class WebSocketTests: XCTestCase {
    private var sockets: (Int32, Int32) = (-1, -1)

    override func setUpWithError() throws {
        sockets = try WebSocket.pair()
    }

    override func tearDown() {
        if sockets.0 >= 0 { close(sockets.0) }
        if sockets.1 >= 0 { close(sockets.1) }
    }

    private func receivePacket(on socket: Int32) throws -> WebPacket {
        guard case let .packet(packet) = try WebSocket.receive(on: socket) else {
            XCTFail("expected a packet, the socket was closed")
            return WebPacket(bytes: [], fileDescriptors: [])
        }
        return packet
    }

    func testEachPacketIsOneMessage() throws {
        let first = WebHostCommand.touch(view: 1, phase: .down, id: 0, x: 5, y: 6, timeMs: 7)
        let second = WebHostCommand.touch(view: 1, phase: .up, id: 0, x: 5, y: 6, timeMs: 9)
        try WebSocket.send(try first.encode(), on: sockets.0, wait: true)
        try WebSocket.send(try second.encode(), on: sockets.0, wait: true)
        XCTAssertEqual(try WebHostCommand.decode(try receivePacket(on: sockets.1).bytes), first)
        XCTAssertEqual(try WebHostCommand.decode(try receivePacket(on: sockets.1).bytes), second)
        XCTAssertThrowsError(try WebSocket.receive(on: sockets.1)) { XCTAssertEqual($0 as? WebSocketError, .wouldBlock) }
    }

    func testAMemfdCrossesTheSocketAndSharesItsBytes() throws {
        let host = try WebSharedImages(creatingWidth: 16, height: 16)
        let event = WebHostEvent.buffers(view: 3, width: 16, height: 16, stride: UInt32(host.stride), slots: 2)
        try WebSocket.send(try event.encode(), fileDescriptors: [host.fileDescriptor], on: sockets.1, wait: true)

        let packet = try receivePacket(on: sockets.0)
        XCTAssertEqual(try WebHostEvent.decode(packet.bytes, fileDescriptors: packet.fileDescriptors.count), event)
        XCTAssertEqual(packet.fileDescriptors.count, 1)
        let received = packet.fileDescriptors[0]
        XCTAssertNotEqual(received, host.fileDescriptor)
        XCTAssertEqual(fcntl(received, F_GETFD) & FD_CLOEXEC, FD_CLOEXEC)

        // What the host writes in slot 1, the daemon's mapping of its own descriptor sees.
        let daemon = try WebSharedImages(mapping: received, width: 16, height: 16, stride: 64, slots: 2)
        host.pixels(slot: 1).storeBytes(of: 0xFF33_6699 as UInt32, toByteOffset: 128, as: UInt32.self)
        XCTAssertEqual(daemon.pixels(slot: 1).load(fromByteOffset: 128, as: UInt32.self), 0xFF33_6699)
        XCTAssertEqual(daemon.pixels(slot: 0).load(fromByteOffset: 128, as: UInt32.self), 0)
    }

    func testAMappingLargerThanTheFileIsRefused() throws {
        let host = try WebSharedImages(creatingWidth: 16, height: 16)
        let copy = dup(host.fileDescriptor)
        XCTAssertThrowsError(try WebSharedImages(mapping: copy, width: 16, height: 17, stride: 64, slots: 2)) {
            XCTAssertEqual($0 as? WebSharedImagesError, .tooSmall(needed: 64 * 17 * 2))
        }
    }

    func testAPacketOverTheLimitIsRefused() throws {
        // Bytes a peer could send past the contract's limit: the receiver drops them, it never grows.
        var bytes = [UInt8](repeating: 0, count: WebProtocol.maxMessageBytes + 100)
        bytes[0] = 2
        let sent = bytes.withUnsafeBytes { Glibc.send(sockets.0, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        XCTAssertEqual(sent, bytes.count)
        XCTAssertThrowsError(try WebSocket.receive(on: sockets.1)) { XCTAssertEqual($0 as? WebSocketError, .packetTooLong) }
    }

    func testClosingOneEndIsEndOfStream() throws {
        close(sockets.0)
        sockets.0 = -1
        guard case .closed = try WebSocket.receive(on: sockets.1) else { return XCTFail("expected end of stream") }
    }

    func testSendingToAClosedPeerThrowsRatherThanRaisingSIGPIPE() throws {
        close(sockets.1)
        sockets.1 = -1
        XCTAssertThrowsError(try WebSocket.send(try WebHostCommand.close(view: 1).encode(), on: sockets.0, wait: true)) {
            XCTAssertEqual($0 as? WebSocketError, .system(call: "sendmsg", errno: EPIPE))
        }
    }
}
