import TOMLKit

/// A parsed TOML value as plain Swift data, so the schema reader never touches TOMLKit's C++-backed nodes.
indirect enum TOMLNode: Sendable {
    case string(String)
    case integer(Int)
    case float(Double)
    case boolean(Bool)
    /// Keys in the parser's order; unique within a table.
    case table([(key: String, value: TOMLNode)])
    case array([TOMLNode])
    /// Dates and times, which no setting uses; kept so a wrong type can be named.
    case dateTime(String)

    /// "a string", "an integer" ...: how a found value is named in an error.
    var typeDescription: String {
        switch self {
        case .string: "a string"
        case .integer: "an integer"
        case .float: "a number"
        case .boolean: "a boolean"
        case .table: "a table"
        case .array: "an array"
        case .dateTime: "a date"
        }
    }

    /// The value as it is written in TOML, for messages that quote what was found.
    var literal: String {
        switch self {
        case .string(let text): "\"\(text)\""
        case .integer(let value): String(value)
        case .float(let value): String(value)
        case .boolean(let value): String(value)
        case .table: "a table"
        case .array(let elements): "[" + elements.map(\.literal).joined(separator: ", ") + "]"
        case .dateTime(let text): text
        }
    }

    /// Parses a TOML document; throws TOMLKit's `TOMLParseError` (with its position) on a syntax error.
    static func parse(_ text: String) throws -> TOMLNode {
        TOMLNode(converting: try TOMLTable(string: text))
    }

    init(converting value: TOMLValueConvertible) {
        switch value.type {
        case .table:
            let table = value.table ?? TOMLTable()
            self = .table(table.keys.map { key in (key, TOMLNode(converting: table[key] ?? TOMLTable())) })
        case .array:
            self = .array((value.array ?? TOMLArray()).map { TOMLNode(converting: $0) })
        case .string:
            self = .string(value.string ?? "")
        case .int:
            self = .integer(value.int ?? 0)
        case .double:
            self = .float(value.double ?? 0)
        case .bool:
            self = .boolean(value.bool ?? false)
        case .date, .time, .dateTime:
            self = .dateTime(value.debugDescription)
        }
    }
}
