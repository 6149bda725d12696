import KioskWebProtocol
import XCTest

/// Every message survives encode then decode unchanged, in both directions.
final class WebMessageRoundTripTests: XCTestCase {
    func testEveryCommandRoundTrips() throws {
        let commands: [WebHostCommand] = [
            .open(view: 7, width: 600, height: 400, url: "file:///etc/swipe-kiosk/web/menu.html",
                  allow: ["https://intranet.example", "http://127.0.0.1:8123"], maxFps: 30),
            .open(view: 0, width: 1, height: 1, url: "", allow: [], maxFps: 0),
            .navigate(view: 3, url: "https://example.org/rooms/Küche?q=ü"),
            .visible(view: 3, on: true),
            .visible(view: 3, on: false),
            .frameDone(view: 9, slot: 1),
            .touch(view: 9, phase: .down, id: -1, x: 12.5, y: 300.25, timeMs: 123_456),
            .touch(view: 9, phase: .cancel, id: 4, x: 0, y: 0, timeMs: .max),
            .scroll(view: 2, dx: 0, dy: -42.5, x: 10, y: 20, timeMs: 5),
            .close(view: .max),
            .reload(view: 1),
        ]
        for command in commands {
            XCTAssertEqual(try WebHostCommand.decode(try command.encode()), command)
        }
        for phase in WebTouchPhase.allCases {
            let command = WebHostCommand.touch(view: 1, phase: phase, id: 0, x: 1, y: 2, timeMs: 3)
            XCTAssertEqual(try WebHostCommand.decode(try command.encode()), command)
        }
    }

    func testEveryEventRoundTrips() throws {
        let events: [WebHostEvent] = [
            .hello(version: WebProtocol.version, pid: 4242),
            .frame(view: 7, slot: 0, damage: [WebRect(x: 0, y: 0, width: 600, height: 400), WebRect(x: -3, y: 5, width: 1, height: 2)]),
            .frame(view: 7, slot: 1, damage: []),
            .loaded(view: 7, url: "file:///tmp/page.html"),
            .loadFailed(view: 7, url: "https://nowhere.invalid/", reason: "Error resolving “nowhere.invalid”"),
            .refused(view: 7, url: "https://elsewhere.example/"),
            .processGone(view: 7, reason: "crashed"),
        ]
        for event in events {
            XCTAssertEqual(try WebHostEvent.decode(try event.encode()), event)
        }
        let buffers = WebHostEvent.buffers(view: 7, width: 600, height: 400, stride: 2400, slots: 2)
        XCTAssertEqual(try WebHostEvent.decode(try buffers.encode(), fileDescriptors: 1), buffers)
    }

    func testTheWireLayoutIsTheContracts() throws {
        // u8 type, u32 view little-endian, then the fields: a `visible` is 6 bytes.
        let bytes = try WebHostCommand.visible(view: 0x0102_0304, on: true).encode()
        XCTAssertEqual(bytes, [3, 0x04, 0x03, 0x02, 0x01, 1])
        // A string is a u32 length then its UTF-8 bytes.
        let navigate = try WebHostCommand.navigate(view: 1, url: "ab").encode()
        XCTAssertEqual(navigate, [2, 1, 0, 0, 0, 2, 0, 0, 0, 0x61, 0x62])
    }

    func testMoreDamageThanTheLimitIsSentAsItsBoundingBox() throws {
        let rects = (0..<(WebProtocol.maxListCount + 1)).map { WebRect(x: Int32($0 * 10), y: 5, width: 4, height: Int32($0 + 1)) }
        let decoded = try WebHostEvent.decode(try WebHostEvent.frame(view: 1, slot: 0, damage: rects).encode())
        XCTAssertEqual(decoded, .frame(view: 1, slot: 0, damage: [WebRect(x: 0, y: 5, width: 644, height: 65)]))
        let exactly = Array(rects.prefix(WebProtocol.maxListCount))
        XCTAssertEqual(try WebHostEvent.decode(try WebHostEvent.frame(view: 1, slot: 0, damage: exactly).encode()),
                       .frame(view: 1, slot: 0, damage: exactly))
    }
}
