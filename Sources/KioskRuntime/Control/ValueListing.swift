import Foundation

/// How `swipe-kiosk ctl get` prints values so that every value reads back exactly: the plain form
/// escapes what would break a line (`\n`, `\r`, `\t`, other control characters and `\` itself),
/// and the JSON form is an object of name to text.
public enum ValueListing {
    /// `text` on one line: a backslash, newline, carriage return and tab as `\\`, `\n`, `\r`, `\t`,
    /// any other control character as `\u{XX}`; everything else as it is.
    public static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.properties.generalCategory == .control:
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// One `NAME=TEXT` line a value, sorted by name, each text escaped.
    public static func plain(_ values: [String: String]) -> String {
        values.sorted { $0.key < $1.key }.map { "\($0.key)=\(escaped($0.value))\n" }.joined()
    }

    /// A JSON object of the values, keys sorted, with a final newline.
    public static func json(_ values: [String: String]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(values)) ?? Data("{}".utf8), as: UTF8.self) + "\n"
    }
}
