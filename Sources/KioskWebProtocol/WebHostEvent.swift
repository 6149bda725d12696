/// A message from the web host to the daemon.
public enum WebHostEvent: Equatable, Sendable {
    /// The host's first message: its protocol version and process id.
    case hello(version: UInt32, pid: Int32)
    /// The view's shared memory (a memfd sent with the message): `slots` ARGB8888 premultiplied
    /// images of `stride * height` bytes each, back to back. Replaces the view's previous memory.
    case buffers(view: UInt32, width: UInt32, height: UInt32, stride: UInt32, slots: UInt8)
    /// `slot` now holds the page's latest frame; `damage` is what changed since the frame before.
    case frame(view: UInt32, slot: UInt8, damage: [WebRect])
    /// The page finished loading `url`.
    case loaded(view: UInt32, url: String)
    /// Loading `url` failed for `reason`.
    case loadFailed(view: UInt32, url: String, reason: String)
    /// A navigation or load of `url`, outside the url's origin and the allowed ones, was refused.
    case refused(view: UInt32, url: String)
    /// The view's web process went (crashed or killed); `reload` makes it again.
    case processGone(view: UInt32, reason: String)

    /// The wire's type byte of each message (apart from the daemon's, so a message sent the wrong
    /// way is an unknown type).
    enum Kind: UInt8 {
        case hello = 0x81, buffers, frame, loaded, loadFailed, refused, processGone
    }

    /// The view the message is about (0 for `hello`).
    public var view: UInt32 {
        switch self {
        case .hello:
            return 0
        case let .buffers(view, _, _, _, _), let .frame(view, _, _), let .loaded(view, _), let .loadFailed(view, _, _),
             let .refused(view, _), let .processGone(view, _):
            return view
        }
    }

    /// How many file descriptors travel with the message.
    public var fileDescriptorCount: Int {
        if case .buffers = self { return 1 }
        return 0
    }

    /// The message as one packet; throws when a field is over its bound. More damage rectangles
    /// than `WebProtocol.maxListCount` are sent as their bounding box.
    public func encode() throws -> [UInt8] {
        switch self {
        case let .hello(version, pid):
            var writer = WebWireWriter(type: Kind.hello.rawValue, view: 0, message: "hello")
            writer.u32(version)
            writer.i32(pid)
            return try writer.finish()
        case let .buffers(view, width, height, stride, slots):
            var writer = WebWireWriter(type: Kind.buffers.rawValue, view: view, message: "buffers")
            writer.u32(width)
            writer.u32(height)
            writer.u32(stride)
            writer.u8(slots)
            return try writer.finish()
        case let .frame(view, slot, damage):
            var writer = WebWireWriter(type: Kind.frame.rawValue, view: view, message: "frame")
            writer.u8(slot)
            let bounded = damage.count > WebProtocol.maxListCount ? [WebRect.bounds(of: damage)!] : damage
            writer.rects(bounded)
            return try writer.finish()
        case let .loaded(view, url):
            var writer = WebWireWriter(type: Kind.loaded.rawValue, view: view, message: "loaded")
            try writer.string(url, field: "url")
            return try writer.finish()
        case let .loadFailed(view, url, reason):
            var writer = WebWireWriter(type: Kind.loadFailed.rawValue, view: view, message: "loadFailed")
            try writer.string(url, field: "url")
            try writer.string(reason, field: "reason")
            return try writer.finish()
        case let .refused(view, url):
            var writer = WebWireWriter(type: Kind.refused.rawValue, view: view, message: "refused")
            try writer.string(url, field: "url")
            return try writer.finish()
        case let .processGone(view, reason):
            var writer = WebWireWriter(type: Kind.processGone.rawValue, view: view, message: "processGone")
            try writer.string(reason, field: "reason")
            return try writer.finish()
        }
    }

    /// The message a packet holds; throws a `WebProtocolError` naming what is wrong. `fileDescriptors`
    /// is how many descriptors came with the packet (the caller keeps and closes them).
    public static func decode(_ bytes: [UInt8], fileDescriptors: Int = 0) throws -> WebHostEvent {
        var reader = try WebWireReader(bytes: bytes)
        let type = try reader.u8("type")
        guard let kind = Kind(rawValue: type) else { throw WebProtocolError.unknownType(type) }
        reader.message = "\(kind)"
        let view = try reader.u32("view")
        let event: WebHostEvent
        switch kind {
        case .hello:
            event = .hello(version: try reader.u32("version"), pid: try reader.i32("pid"))
        case .buffers:
            let width = try reader.u32("width"), height = try reader.u32("height"), stride = try reader.u32("stride")
            let slots = try reader.u8("slots")
            guard slots == WebProtocol.slotCount else {
                throw WebProtocolError.badValue(message: "buffers", field: "slots", value: Int(slots))
            }
            guard UInt64(stride) >= UInt64(width) * 4 else {
                throw WebProtocolError.badValue(message: "buffers", field: "stride", value: Int(stride))
            }
            event = .buffers(view: view, width: width, height: height, stride: stride, slots: slots)
        case .frame:
            event = .frame(view: view, slot: try reader.slot("slot"), damage: try reader.rects("damage"))
        case .loaded:
            event = .loaded(view: view, url: try reader.string("url"))
        case .loadFailed:
            event = .loadFailed(view: view, url: try reader.string("url"), reason: try reader.string("reason"))
        case .refused:
            event = .refused(view: view, url: try reader.string("url"))
        case .processGone:
            event = .processGone(view: view, reason: try reader.string("reason"))
        }
        try reader.finish()
        guard fileDescriptors == event.fileDescriptorCount else {
            throw WebProtocolError.fileDescriptors(message: "\(kind)", expected: event.fileDescriptorCount, got: fileDescriptors)
        }
        return event
    }
}
