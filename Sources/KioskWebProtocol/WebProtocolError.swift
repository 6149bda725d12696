/// Why a packet was not a valid message. Each case's description names the message and what was wrong.
public enum WebProtocolError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The packet ended before the field `field` of message `message` (bytes needed, bytes left).
    case truncated(message: String, field: String, needed: Int, left: Int)
    /// The packet (or the message being encoded) is larger than `WebProtocol.maxMessageBytes`.
    case tooLong(bytes: Int)
    /// A string field is longer than `WebProtocol.maxStringBytes`.
    case stringTooLong(message: String, field: String, bytes: Int)
    /// A string field is not valid UTF-8.
    case invalidUTF8(message: String, field: String)
    /// A list (damage rectangles, allowed origins) holds more than `WebProtocol.maxListCount` items.
    case tooManyItems(message: String, field: String, count: Int)
    /// The type byte names no message this side accepts.
    case unknownType(UInt8)
    /// A field holds a value outside its range (a touch phase, a slot).
    case badValue(message: String, field: String, value: Int)
    /// Bytes follow the message's last field.
    case trailingBytes(message: String, count: Int)
    /// A message that needs a file descriptor (`buffers`) arrived without exactly one.
    case fileDescriptors(message: String, expected: Int, got: Int)

    public var description: String {
        switch self {
        case let .truncated(message, field, needed, left):
            return "web protocol: '\(message)' message truncated at '\(field)' (needs \(needed) more bytes, \(left) left)"
        case let .tooLong(bytes):
            return "web protocol: message of \(bytes) bytes is longer than the \(WebProtocol.maxMessageBytes)-byte limit"
        case let .stringTooLong(message, field, bytes):
            return "web protocol: '\(message)' field '\(field)' is \(bytes) bytes, over the \(WebProtocol.maxStringBytes)-byte limit"
        case let .invalidUTF8(message, field):
            return "web protocol: '\(message)' field '\(field)' is not valid UTF-8"
        case let .tooManyItems(message, field, count):
            return "web protocol: '\(message)' field '\(field)' has \(count) items, over the limit of \(WebProtocol.maxListCount)"
        case let .unknownType(type):
            return "web protocol: unknown message type \(type) (daemon and web host of different versions?)"
        case let .badValue(message, field, value):
            return "web protocol: '\(message)' field '\(field)' has the invalid value \(value)"
        case let .trailingBytes(message, count):
            return "web protocol: '\(message)' message has \(count) unexpected bytes after its last field"
        case let .fileDescriptors(message, expected, got):
            return "web protocol: '\(message)' message came with \(got) file descriptors, expected \(expected)"
        }
    }
}
