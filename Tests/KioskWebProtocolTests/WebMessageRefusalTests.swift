import KioskWebProtocol
import XCTest

/// Packets that are not a whole, valid message are refused with an error naming the message and field.
final class WebMessageRefusalTests: XCTestCase {
    func testEveryTruncationOfEveryMessageIsRefused() throws {
        let commands: [WebHostCommand] = [
            .open(view: 7, width: 600, height: 400, url: "file:///a.html", allow: ["https://b.example"], maxFps: 30),
            .navigate(view: 1, url: "https://a.example/"),
            .touch(view: 1, phase: .up, id: 2, x: 3, y: 4, timeMs: 5),
            .scroll(view: 1, dx: 1, dy: 2, x: 3, y: 4, timeMs: 5),
            .frameDone(view: 1, slot: 0),
            .close(view: 1),
        ]
        for command in commands {
            let bytes = try command.encode()
            for length in 0..<bytes.count {
                XCTAssertThrowsError(try WebHostCommand.decode(Array(bytes.prefix(length))), "\(command) cut at \(length)") { error in
                    guard case WebProtocolError.truncated = error else { return XCTFail("\(error) for \(command) cut at \(length)") }
                }
            }
        }
        let frame = try WebHostEvent.frame(view: 1, slot: 1, damage: [WebRect(x: 1, y: 2, width: 3, height: 4)]).encode()
        for length in 0..<frame.count {
            XCTAssertThrowsError(try WebHostEvent.decode(Array(frame.prefix(length))))
        }
    }

    func testTheTruncationErrorNamesTheMessageAndField() throws {
        let bytes = try WebHostCommand.open(view: 1, width: 2, height: 3, url: "file:///x", allow: [], maxFps: 30).encode()
        XCTAssertThrowsError(try WebHostCommand.decode(Array(bytes.prefix(bytes.count - 2)))) { error in
            XCTAssertEqual(error as? WebProtocolError, .truncated(message: "open", field: "maxFps", needed: 4, left: 2))
            XCTAssertEqual("\(error)", "web protocol: 'open' message truncated at 'maxFps' (needs 4 more bytes, 2 left)")
        }
    }

    func testUnknownTypesAndMessagesSentTheWrongWayAreRefused() throws {
        XCTAssertThrowsError(try WebHostCommand.decode([0xEE, 0, 0, 0, 0])) { error in
            XCTAssertEqual(error as? WebProtocolError, .unknownType(0xEE))
        }
        // A host's message is not a command, and a command is not a host's message.
        let hello = try WebHostEvent.hello(version: 1, pid: 2).encode()
        XCTAssertThrowsError(try WebHostCommand.decode(hello)) { XCTAssertEqual($0 as? WebProtocolError, .unknownType(hello[0])) }
        let close = try WebHostCommand.close(view: 1).encode()
        XCTAssertThrowsError(try WebHostEvent.decode(close)) { XCTAssertEqual($0 as? WebProtocolError, .unknownType(close[0])) }
    }

    func testTrailingBytesAndBadValuesAreRefused() throws {
        XCTAssertThrowsError(try WebHostCommand.decode(try WebHostCommand.close(view: 1).encode() + [0])) {
            XCTAssertEqual($0 as? WebProtocolError, .trailingBytes(message: "close", count: 1))
        }
        XCTAssertThrowsError(try WebHostCommand.decode([5, 1, 0, 0, 0, 9] + [UInt8](repeating: 0, count: 16))) {
            XCTAssertEqual($0 as? WebProtocolError, .badValue(message: "touch", field: "phase", value: 9))
        }
        XCTAssertThrowsError(try WebHostCommand.decode([4, 1, 0, 0, 0, 2])) {
            XCTAssertEqual($0 as? WebProtocolError, .badValue(message: "frameDone", field: "slot", value: 2))
        }
        XCTAssertThrowsError(try WebHostCommand.decode([3, 1, 0, 0, 0, 2])) {
            XCTAssertEqual($0 as? WebProtocolError, .badValue(message: "visible", field: "on", value: 2))
        }
        // A stride shorter than a row of 4-byte pixels would make the daemon read past each row.
        let buffers = try WebHostEvent.buffers(view: 1, width: 100, height: 10, stride: 399, slots: 2).encode()
        XCTAssertThrowsError(try WebHostEvent.decode(buffers, fileDescriptors: 1)) {
            XCTAssertEqual($0 as? WebProtocolError, .badValue(message: "buffers", field: "stride", value: 399))
        }
    }

    func testBuffersWithoutItsDescriptorAndCommandsWithOneAreRefused() throws {
        let buffers = try WebHostEvent.buffers(view: 1, width: 100, height: 10, stride: 400, slots: 2).encode()
        XCTAssertThrowsError(try WebHostEvent.decode(buffers)) {
            XCTAssertEqual($0 as? WebProtocolError, .fileDescriptors(message: "buffers", expected: 1, got: 0))
        }
        XCTAssertThrowsError(try WebHostEvent.decode(try WebHostEvent.loaded(view: 1, url: "x").encode(), fileDescriptors: 1))
        XCTAssertThrowsError(try WebHostCommand.decode(try WebHostCommand.reload(view: 1).encode(), fileDescriptors: 1))
    }

    func testOverLongStringsListsAndMessagesAreRefused() throws {
        let long = String(repeating: "a", count: WebProtocol.maxStringBytes + 1)
        XCTAssertThrowsError(try WebHostCommand.navigate(view: 1, url: long).encode()) {
            XCTAssertEqual($0 as? WebProtocolError, .stringTooLong(message: "navigate", field: "url", bytes: long.utf8.count))
        }
        let fits = String(repeating: "a", count: WebProtocol.maxStringBytes)
        XCTAssertNoThrow(try WebHostCommand.navigate(view: 1, url: fits).encode())
        // A length field claiming more than the limit is refused before anything is read.
        XCTAssertThrowsError(try WebHostCommand.decode([2, 1, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF])) {
            XCTAssertEqual($0 as? WebProtocolError, .stringTooLong(message: "navigate", field: "url", bytes: 0xFFFF_FFFF))
        }
        let origins = Array(repeating: "https://a.example", count: WebProtocol.maxListCount + 1)
        XCTAssertThrowsError(try WebHostCommand.open(view: 1, width: 1, height: 1, url: "x", allow: origins, maxFps: 30).encode()) {
            XCTAssertEqual($0 as? WebProtocolError, .tooManyItems(message: "open", field: "allow", count: origins.count))
        }
        XCTAssertThrowsError(try WebHostEvent.decode([0x83, 1, 0, 0, 0, 0, 65, 0, 0, 0])) {
            XCTAssertEqual($0 as? WebProtocolError, .tooManyItems(message: "frame", field: "damage", count: 65))
        }
        // 64 origins of 1 KiB each fit the per-string bound but not the packet's.
        let wide = Array(repeating: String(repeating: "b", count: 1024), count: WebProtocol.maxListCount)
        XCTAssertThrowsError(try WebHostCommand.open(view: 1, width: 1, height: 1, url: "x", allow: wide, maxFps: 30).encode()) {
            guard case WebProtocolError.tooLong = $0 else { return XCTFail("\($0)") }
        }
        XCTAssertThrowsError(try WebHostCommand.decode([UInt8](repeating: 1, count: WebProtocol.maxMessageBytes + 1))) {
            XCTAssertEqual($0 as? WebProtocolError, .tooLong(bytes: WebProtocol.maxMessageBytes + 1))
        }
    }

    func testInvalidUTF8IsRefused() {
        XCTAssertThrowsError(try WebHostCommand.decode([2, 1, 0, 0, 0, 2, 0, 0, 0, 0xC3, 0x28])) {
            XCTAssertEqual($0 as? WebProtocolError, .invalidUTF8(message: "navigate", field: "url"))
        }
    }
}
