/// Reads a message's fields from a packet, with every length checked against what is left.
struct WebWireReader {
    private let bytes: [UInt8]
    private var offset: Int
    var message: String

    /// The reader for `bytes`, positioned after the header; nil fields mean the header itself is short.
    init(bytes: [UInt8]) throws {
        guard bytes.count <= WebProtocol.maxMessageBytes else { throw WebProtocolError.tooLong(bytes: bytes.count) }
        self.bytes = bytes
        self.offset = 0
        self.message = "header"
    }

    private mutating func take(_ count: Int, field: String) throws -> ArraySlice<UInt8> {
        let left = bytes.count - offset
        guard count <= left else {
            throw WebProtocolError.truncated(message: message, field: field, needed: count, left: left)
        }
        defer { offset += count }
        return bytes[offset..<(offset + count)]
    }

    mutating func u8(_ field: String) throws -> UInt8 {
        try take(1, field: field).first!
    }

    mutating func u32(_ field: String) throws -> UInt32 {
        let slice = try take(4, field: field)
        var value: UInt32 = 0
        for (shift, byte) in slice.enumerated() { value |= UInt32(byte) << (8 * UInt32(shift)) }
        return value
    }

    mutating func i32(_ field: String) throws -> Int32 {
        Int32(bitPattern: try u32(field))
    }

    mutating func f32(_ field: String) throws -> Float {
        Float(bitPattern: try u32(field))
    }

    mutating func string(_ field: String) throws -> String {
        let length = Int(try u32(field))
        guard length <= WebProtocol.maxStringBytes else {
            throw WebProtocolError.stringTooLong(message: message, field: field, bytes: length)
        }
        let slice = try take(length, field: field)
        guard let value = String(validating: slice, as: UTF8.self) else {
            throw WebProtocolError.invalidUTF8(message: message, field: field)
        }
        return value
    }

    mutating func count(_ field: String) throws -> Int {
        let count = Int(try u32(field))
        guard count <= WebProtocol.maxListCount else {
            throw WebProtocolError.tooManyItems(message: message, field: field, count: count)
        }
        return count
    }

    mutating func strings(_ field: String) throws -> [String] {
        let count = try count(field)
        var values: [String] = []
        for _ in 0..<count { values.append(try string(field)) }
        return values
    }

    mutating func rects(_ field: String) throws -> [WebRect] {
        let count = try count(field)
        var values: [WebRect] = []
        for _ in 0..<count {
            values.append(WebRect(x: try i32(field), y: try i32(field), width: try i32(field), height: try i32(field)))
        }
        return values
    }

    mutating func slot(_ field: String) throws -> UInt8 {
        let value = try u8(field)
        guard value < WebProtocol.slotCount else {
            throw WebProtocolError.badValue(message: message, field: field, value: Int(value))
        }
        return value
    }

    /// Refuses bytes after the last field: a longer message is one this side does not understand.
    func finish() throws {
        let left = bytes.count - offset
        guard left == 0 else { throw WebProtocolError.trailingBytes(message: message, count: left) }
    }
}
