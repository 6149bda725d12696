/// A message from the daemon to the web host. Sizes are the element's pixels; `view` is the
/// element's id, chosen by the daemon.
public enum WebHostCommand: Equatable, Sendable {
    /// Make a view of `width` x `height` loading `url`; `allow` lists the origins besides the url's own
    /// the page may navigate to or load from.
    case open(view: UInt32, width: UInt32, height: UInt32, url: String, allow: [String], maxFps: UInt32)
    /// Load another url in the view (a value placeholder changed it).
    case navigate(view: UInt32, url: String)
    /// The view's screen is shown (`true`) or not.
    case visible(view: UInt32, on: Bool)
    /// The daemon no longer reads `slot`: the host may let the page draw its next frame.
    case frameDone(view: UInt32, slot: UInt8)
    /// A touch at element-local pixels.
    case touch(view: UInt32, phase: WebTouchPhase, id: Int32, x: Float, y: Float, timeMs: UInt32)
    /// A vertical drag given to the page as axis (scroll) events at (`x`, `y`).
    case scroll(view: UInt32, dx: Float, dy: Float, x: Float, y: Float, timeMs: UInt32)
    /// Drop the view.
    case close(view: UInt32)
    /// Load the view's url again (recreating the view after its web process went).
    case reload(view: UInt32)

    /// The wire's type byte of each message.
    enum Kind: UInt8 {
        case open = 1, navigate, visible, frameDone, touch, scroll, close, reload
    }

    /// The view the message is about.
    public var view: UInt32 {
        switch self {
        case let .open(view, _, _, _, _, _), let .navigate(view, _), let .visible(view, _), let .frameDone(view, _),
             let .touch(view, _, _, _, _, _), let .scroll(view, _, _, _, _, _), let .close(view), let .reload(view):
            return view
        }
    }

    /// The message as one packet; throws when a field is over its bound.
    public func encode() throws -> [UInt8] {
        switch self {
        case let .open(view, width, height, url, allow, maxFps):
            var writer = WebWireWriter(type: Kind.open.rawValue, view: view, message: "open")
            writer.u32(width)
            writer.u32(height)
            try writer.string(url, field: "url")
            try writer.strings(allow, field: "allow")
            writer.u32(maxFps)
            return try writer.finish()
        case let .navigate(view, url):
            var writer = WebWireWriter(type: Kind.navigate.rawValue, view: view, message: "navigate")
            try writer.string(url, field: "url")
            return try writer.finish()
        case let .visible(view, on):
            var writer = WebWireWriter(type: Kind.visible.rawValue, view: view, message: "visible")
            writer.u8(on ? 1 : 0)
            return try writer.finish()
        case let .frameDone(view, slot):
            var writer = WebWireWriter(type: Kind.frameDone.rawValue, view: view, message: "frameDone")
            writer.u8(slot)
            return try writer.finish()
        case let .touch(view, phase, id, x, y, timeMs):
            var writer = WebWireWriter(type: Kind.touch.rawValue, view: view, message: "touch")
            writer.u8(phase.rawValue)
            writer.i32(id)
            writer.f32(x)
            writer.f32(y)
            writer.u32(timeMs)
            return try writer.finish()
        case let .scroll(view, dx, dy, x, y, timeMs):
            var writer = WebWireWriter(type: Kind.scroll.rawValue, view: view, message: "scroll")
            writer.f32(dx)
            writer.f32(dy)
            writer.f32(x)
            writer.f32(y)
            writer.u32(timeMs)
            return try writer.finish()
        case let .close(view):
            return try WebWireWriter(type: Kind.close.rawValue, view: view, message: "close").finish()
        case let .reload(view):
            return try WebWireWriter(type: Kind.reload.rawValue, view: view, message: "reload").finish()
        }
    }

    /// The message a packet holds; throws a `WebProtocolError` naming what is wrong. `fileDescriptors`
    /// is how many descriptors came with the packet: no command carries one.
    public static func decode(_ bytes: [UInt8], fileDescriptors: Int = 0) throws -> WebHostCommand {
        var reader = try WebWireReader(bytes: bytes)
        let type = try reader.u8("type")
        guard let kind = Kind(rawValue: type) else { throw WebProtocolError.unknownType(type) }
        reader.message = "\(kind)"
        let view = try reader.u32("view")
        let command: WebHostCommand
        switch kind {
        case .open:
            command = .open(view: view, width: try reader.u32("width"), height: try reader.u32("height"),
                            url: try reader.string("url"), allow: try reader.strings("allow"), maxFps: try reader.u32("maxFps"))
        case .navigate:
            command = .navigate(view: view, url: try reader.string("url"))
        case .visible:
            let on = try reader.u8("on")
            guard on <= 1 else { throw WebProtocolError.badValue(message: "visible", field: "on", value: Int(on)) }
            command = .visible(view: view, on: on == 1)
        case .frameDone:
            command = .frameDone(view: view, slot: try reader.slot("slot"))
        case .touch:
            let raw = try reader.u8("phase")
            guard let phase = WebTouchPhase(rawValue: raw) else {
                throw WebProtocolError.badValue(message: "touch", field: "phase", value: Int(raw))
            }
            command = .touch(view: view, phase: phase, id: try reader.i32("id"), x: try reader.f32("x"), y: try reader.f32("y"),
                             timeMs: try reader.u32("timeMs"))
        case .scroll:
            command = .scroll(view: view, dx: try reader.f32("dx"), dy: try reader.f32("dy"), x: try reader.f32("x"),
                              y: try reader.f32("y"), timeMs: try reader.u32("timeMs"))
        case .close:
            command = .close(view: view)
        case .reload:
            command = .reload(view: view)
        }
        try reader.finish()
        guard fileDescriptors == 0 else {
            throw WebProtocolError.fileDescriptors(message: "\(kind)", expected: 0, got: fileDescriptors)
        }
        return command
    }
}
