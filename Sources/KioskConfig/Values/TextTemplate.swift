/// A text the user sees, with `{name}` placeholders for values; `{{` and `}}` are literal braces.
public struct TextTemplate: Hashable, Sendable {
    /// One run of the text: written characters, or the value a placeholder names.
    public enum Part: Hashable, Sendable {
        case literal(String)
        case value(String)
    }

    public private(set) var parts: [Part] = []
    /// Where each placeholder starts, in characters from the text's start, in the order of `parts`.
    public private(set) var placeholderOffsets: [Int] = []

    /// `text` as written, braces and all: no placeholders.
    public init(literal text: String) {
        parts = text.isEmpty ? [] : [.literal(text)]
    }

    /// Parses `text`; throws where a brace never closes or holds no valid name.
    public init(parsing text: String) throws(TextTemplateError) {
        var literal = ""
        var index = text.startIndex
        var offset = 0
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if (character == "{" || character == "}"), next < text.endIndex, text[next] == character {
                literal.append(character)
                index = text.index(after: next)
                offset += 2
                continue
            }
            guard character == "{" else {
                literal.append(character)
                index = next
                offset += 1
                continue
            }
            guard let close = text[next...].firstIndex(of: "}") else {
                throw TextTemplateError(offset: offset, message: "this '{' never closes; write '{{' for a literal brace")
            }
            let name = String(text[next..<close])
            guard ValueConfiguration.isValidName(name) else {
                throw TextTemplateError(offset: offset, message: "\"{\(name)}\" is not a value name (letters, digits, '_' and '-'); write '{{' for a literal brace")
            }
            if !literal.isEmpty { parts.append(.literal(literal)) }
            literal = ""
            parts.append(.value(name))
            placeholderOffsets.append(offset)
            offset += name.count + 2
            index = text.index(after: close)
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
    }

    /// The placeholders' names with where each starts (characters from the text's start).
    public var placeholders: [(name: String, offset: Int)] {
        let names = parts.compactMap { part -> String? in
            if case .value(let name) = part { return name }
            return nil
        }
        return Array(zip(names, placeholderOffsets))
    }

    /// The names of the values it shows, each once, in order.
    public var names: [String] {
        var seen: [String] = []
        for case .value(let name) in parts where !seen.contains(name) { seen.append(name) }
        return seen
    }

    /// The text with each placeholder replaced by `lookup(name)` (empty when it has none).
    public func render(_ lookup: (String) -> String?) -> String {
        parts.map { part in
            switch part {
            case .literal(let text): text
            case .value(let name): lookup(name) ?? ""
            }
        }.joined()
    }
}

/// Why a text's placeholders could not be read, and where (characters from the text's start).
public struct TextTemplateError: Error, Equatable, Sendable {
    public var offset: Int
    public var message: String
}
