/// Appends a message's fields in the wire's little-endian layout, refusing what the reader would refuse.
struct WebWireWriter {
    private(set) var bytes: [UInt8] = []
    let message: String

    init(type: UInt8, view: UInt32, message: String) {
        self.message = message
        bytes.reserveCapacity(64)
        u8(type)
        u32(view)
    }

    mutating func u8(_ value: UInt8) {
        bytes.append(value)
    }

    mutating func u32(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func i32(_ value: Int32) {
        u32(UInt32(bitPattern: value))
    }

    mutating func f32(_ value: Float) {
        u32(value.bitPattern)
    }

    mutating func string(_ value: String, field: String) throws {
        let utf8 = Array(value.utf8)
        guard utf8.count <= WebProtocol.maxStringBytes else {
            throw WebProtocolError.stringTooLong(message: message, field: field, bytes: utf8.count)
        }
        u32(UInt32(utf8.count))
        bytes.append(contentsOf: utf8)
    }

    mutating func strings(_ values: [String], field: String) throws {
        guard values.count <= WebProtocol.maxListCount else {
            throw WebProtocolError.tooManyItems(message: message, field: field, count: values.count)
        }
        u32(UInt32(values.count))
        for value in values { try string(value, field: field) }
    }

    mutating func rects(_ values: [WebRect]) {
        u32(UInt32(values.count))
        for rect in values {
            i32(rect.x)
            i32(rect.y)
            i32(rect.width)
            i32(rect.height)
        }
    }

    /// The finished message, refused when over the packet limit.
    func finish() throws -> [UInt8] {
        guard bytes.count <= WebProtocol.maxMessageBytes else { throw WebProtocolError.tooLong(bytes: bytes.count) }
        return bytes
    }
}
