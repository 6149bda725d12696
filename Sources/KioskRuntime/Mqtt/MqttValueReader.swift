import Foundation
import KioskConfig
import KioskEngine

/// Turns an `mqtt` value's message into the text it shows: the payload, or its JSON `field`,
/// through the value's `format`.
struct MqttValueReader {
    let spec: MqttValueSpec
    /// The longest text a value takes from a message; the rest is cut.
    static let maxLength = 256

    /// The text to show, or why the payload gives none.
    func text(from payload: Data) -> Result<String, MqttError> {
        var text: String
        if let field = spec.field {
            guard let object = try? JSONSerialization.jsonObject(with: payload, options: [.fragmentsAllowed]) else {
                return .failure(MqttError("the payload is not JSON, so it has no field \"\(field)\""))
            }
            var node: Any? = object
            for key in field.split(separator: ".") { node = (node as? [String: Any])?[String(key)] }
            switch node {
            case let string as String: text = string
            case let number as NSNumber: text = number.stringValue
            case nil, is NSNull: return .failure(MqttError("the payload has no field \"\(field)\""))
            default: return .failure(MqttError("field \"\(field)\" is an object or an array, not a text or a number"))
            }
        } else {
            guard let string = String(data: payload, encoding: .utf8) else { return .failure(MqttError("the payload is not UTF-8")) }
            text = string.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        if let format = spec.format {
            guard let formatted = format.apply(to: text) else {
                return .failure(MqttError("\"\(MessageText.shortened(text))\" is not a number for format \"\(format.pattern)\""))
            }
            text = formatted
        }
        return .success(String(text.prefix(Self.maxLength)))
    }
}
