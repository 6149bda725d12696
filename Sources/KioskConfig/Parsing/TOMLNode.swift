/// A parsed TOML value as plain Swift data, as `TOMLParser` builds it and the schema reader reads it.
indirect enum TOMLNode: Sendable {
    case string(String)
    case integer(Int)
    case float(Double)
    case boolean(Bool)
    /// Keys in the order they are written; unique within a table.
    case table([(key: String, value: TOMLNode)])
    case array([TOMLNode])
    /// Dates and times, which no setting uses; kept so a wrong type can be named.
    case dateTime(TOMLDateTime)

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
        case .dateTime(let value): value.text
        }
    }

    /// Parses a TOML 1.0 document into its root table; throws the first error (with its position).
    static func parse(_ text: String) throws(TOMLSyntaxError) -> TOMLNode {
        var parser = TOMLParser(text: text)
        return try parser.parseDocument()
    }
}
