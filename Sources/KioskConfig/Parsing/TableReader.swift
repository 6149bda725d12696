import Foundation
import KioskEngine

/// Reads one TOML table against the schema: each accessor names a key it knows, converts and checks
/// the value, and records a diagnostic (never throws) so one pass finds every problem.
/// `finishReading()` then reports the keys nobody asked for, with a did-you-mean.
///
/// The accessors are the key table: each lists its key (`keys`, which the unknown-key check reads)
/// with its type, range and default taken from the arguments it checks the value with, and
/// `finishReading()` hands them to a `ConfigSchema` when one is recorded, which
/// `swipe-kiosk.toml(5)` is printed from.
final class TableReader {
    let path: ConfigPath
    let diagnostics: DiagnosticCollector
    /// The folder of the config file, which relative file paths are read from; nil for a config
    /// that is no file (the built-in demo), whose paths are left as written.
    let folder: String?
    /// Where the keys go when the schema is recorded (`ConfigSchema.walked()`); nil when a config is checked.
    let schema: ConfigSchema?
    private let entries: [(key: String, value: TOMLNode)]
    /// The keys asked for, in order: what this table accepts.
    private(set) var keys: [ConfigKey] = []

    init(path: ConfigPath, entries: [(key: String, value: TOMLNode)], diagnostics: DiagnosticCollector,
         folder: String? = nil, schema: ConfigSchema? = nil) {
        self.path = path
        self.entries = entries
        self.diagnostics = diagnostics
        self.folder = folder
        self.schema = schema
    }

    /// How the table is named in messages: `[display]`, `[screen.element]`, or "the top level".
    var tableName: String {
        path.components.isEmpty ? "the top level" : "[\(path)]"
    }

    func contains(_ key: String) -> Bool {
        entries.contains { $0.key == key }
    }

    /// Marks `key` as part of the schema and returns its value, if written.
    func node(_ key: String) -> TOMLNode? {
        declare(key)
        return entries.first { $0.key == key }?.value
    }

    /// A value of a shape of its own, read by the caller; `expected` is what its type error says.
    func node(_ key: String, expected: String) -> TOMLNode? {
        let found = node(key)
        declare(key, type: expected)
        return found
    }

    /// Lists `key` as one this table accepts, with what the accessor says of it. Each accessor
    /// declares after the accessors it calls, so the outermost one's words win. The words are only
    /// built while a schema is recorded: checking a config costs no more than before.
    private func declare(_ key: String, type: @autoclosure () -> String? = nil, default fallback: @autoclosure () -> String? = nil,
                         range: @autoclosure () -> String? = nil, isTable: Bool = false) {
        let index: Int
        if let found = keys.firstIndex(where: { $0.name == key }) {
            index = found
        } else {
            keys.append(ConfigKey(name: key))
            index = keys.count - 1
        }
        if isTable { keys[index].isTable = true }
        guard schema != nil else { return }
        keys[index].refine(type: type(), defaultValue: fallback(), range: range())
    }

    /// A string as the file writes it, for a default.
    private static func quoted(_ text: String) -> String { "\"\(text)\"" }

    func valueError(_ key: String, _ message: String) {
        diagnostics.valueError("\(path.appending(key)): \(message)", at: path.appending(key))
    }

    func typeError(_ key: String, expected: String, found: TOMLNode) {
        valueError(key, "expected \(expected), found \(found.typeDescription)")
    }

    // MARK: Scalars

    func string(_ key: String) -> String? {
        declare(key, type: "a string")
        guard let node = node(key) else { return nil }
        guard case .string(let text) = node else {
            typeError(key, expected: "a string", found: node)
            return nil
        }
        return text
    }

    func string(_ key: String, default fallback: String) -> String {
        let text = string(key)
        declare(key, default: Self.quoted(fallback))
        return text ?? fallback
    }

    /// A string that must not be empty, such as a name or a path.
    func nonEmptyString(_ key: String) -> String? {
        let found = string(key)
        declare(key, type: "a non-empty string")
        guard let text = found else { return nil }
        guard !text.isEmpty else {
            valueError(key, "must not be empty")
            return nil
        }
        return text
    }

    /// A file or folder the config names (a picture, a video, a value's file): a relative path is
    /// read from the config file's folder, so a config and the files beside it move together and
    /// `check-config`, `render`, `preview` and the daemon (whatever its working directory) find the
    /// same file. Absolute paths and URIs (`rtsp://...`) are left as written.
    func filePath(_ key: String) -> String? {
        let found = nonEmptyString(key)
        declare(key, type: "a path (a relative one is read from the config file's folder)")
        guard let text = found else { return nil }
        guard let folder, !text.hasPrefix("/"),
              text.range(of: "^[A-Za-z][A-Za-z0-9+.-]*://", options: .regularExpression) == nil else { return text }
        return (folder as NSString).appendingPathComponent(text)
    }

    func bool(_ key: String, default fallback: Bool) -> Bool {
        declare(key, type: "true or false", default: String(fallback))
        guard let node = node(key) else { return fallback }
        guard case .boolean(let value) = node else {
            typeError(key, expected: "true or false", found: node)
            return fallback
        }
        return value
    }

    func integer(_ key: String, in range: ClosedRange<Int>) -> Int? {
        declare(key, type: "an integer", range: "\(range.lowerBound)...\(range.upperBound)")
        guard let node = node(key) else { return nil }
        guard case .integer(let value) = node else {
            typeError(key, expected: "an integer", found: node)
            return nil
        }
        guard range.contains(value) else {
            valueError(key, "\(value) is out of range; allowed \(range.lowerBound)...\(range.upperBound)")
            return nil
        }
        return value
    }

    func integer(_ key: String, default fallback: Int, in range: ClosedRange<Int>) -> Int {
        let value = integer(key, in: range)
        declare(key, default: String(fallback))
        return value ?? fallback
    }

    /// A number; integers are accepted too, since `duration = 1` means one second.
    func number(_ key: String, in range: ClosedRange<Double>) -> Double? {
        declare(key, type: "a number", range: "\(Self.format(range.lowerBound))...\(Self.format(range.upperBound))")
        guard let node = node(key) else { return nil }
        let value: Double
        switch node {
        case .float(let float): value = float
        case .integer(let integer): value = Double(integer)
        default:
            typeError(key, expected: "a number", found: node)
            return nil
        }
        guard range.contains(value) else {
            valueError(key, "\(node.literal) is out of range; allowed \(Self.format(range.lowerBound))...\(Self.format(range.upperBound))")
            return nil
        }
        return value
    }

    func number(_ key: String, default fallback: Double, in range: ClosedRange<Double>) -> Double {
        let value = number(key, in: range)
        declare(key, default: Self.format(fallback))
        return value ?? fallback
    }

    func nonEmptyString(_ key: String, default fallback: String) -> String {
        let text = nonEmptyString(key)
        declare(key, default: Self.quoted(fallback))
        return text ?? fallback
    }

    /// One of a closed set of words, such as `backend = "drm"`.
    func choice<Choice: CaseIterable & RawRepresentable>(_ key: String, default fallback: Choice) -> Choice
    where Choice.RawValue == String {
        let value: Choice? = choice(key)
        declare(key, default: Self.quoted(fallback.rawValue))
        return value ?? fallback
    }

    func choice<Choice: CaseIterable & RawRepresentable>(_ key: String) -> Choice? where Choice.RawValue == String {
        let found = string(key)
        declare(key, type: "one of " + Self.list(Choice.allCases.map { Self.quoted($0.rawValue) }))
        guard let text = found else { return nil }
        return choice(text, of: key, alsoAllowed: [])
    }

    /// One of a closed set of words, or `"auto"` (nil): the program chooses.
    func choiceOrAutomatic<Choice: CaseIterable & RawRepresentable>(_ key: String) -> Choice? where Choice.RawValue == String {
        let found = string(key)
        declare(key, type: "one of " + Self.list((["auto"] + Choice.allCases.map(\.rawValue)).map(Self.quoted)),
                default: Self.quoted("auto"))
        guard let text = found, text != "auto" else { return nil }
        return choice(text, of: key, alsoAllowed: ["auto"])
    }

    private func choice<Choice: CaseIterable & RawRepresentable>(_ text: String, of key: String,
                                                                 alsoAllowed: [String]) -> Choice?
    where Choice.RawValue == String {
        if let value = Choice(rawValue: text) { return value }
        let choices = alsoAllowed + Choice.allCases.map(\.rawValue)
        valueError(key, "\"\(text)\" is not one of \(Self.list(choices.map { "\"\($0)\"" }))"
                   + Self.hint(for: text, among: choices))
        return nil
    }

    /// One of a closed set of integers, such as `rotation = 90`.
    func integerChoice<Choice: CaseIterable & RawRepresentable>(_ key: String, default fallback: Choice) -> Choice
    where Choice.RawValue == Int {
        declare(key, type: "one of " + Self.list(Choice.allCases.map { String($0.rawValue) }), default: String(fallback.rawValue))
        guard let node = node(key) else { return fallback }
        guard case .integer(let value) = node else {
            typeError(key, expected: "an integer", found: node)
            return fallback
        }
        guard let choice = Choice(rawValue: value) else {
            valueError(key, "\(value) is not one of \(Self.list(Choice.allCases.map { String($0.rawValue) }))")
            return fallback
        }
        return choice
    }

    /// A string in a small format of its own (a mode, a size), parsed by `parse`.
    func formatted<Value>(_ key: String, expected: String, parse: (String) -> Value?) -> Value? {
        declare(key, type: expected)
        guard let node = node(key) else { return nil }
        guard case .string(let text) = node else {
            typeError(key, expected: expected, found: node)
            return nil
        }
        guard let value = parse(text) else {
            valueError(key, "expected \(expected), found \"\(MessageText.shortened(text))\"")
            return nil
        }
        return value
    }

    func formatted<Value: CustomStringConvertible>(_ key: String, expected: String, default fallback: Value,
                                                   parse: (String) -> Value?) -> Value {
        let value = formatted(key, expected: expected, parse: parse)
        declare(key, default: Self.quoted(fallback.description))
        return value ?? fallback
    }

    static let colorExpectation = "a colour \"#RRGGBB\" or \"#RRGGBBAA\" (or \"transparent\")"

    func color(_ key: String) -> Color? {
        formatted(key, expected: Self.colorExpectation, parse: Self.parseColor)
    }

    func color(_ key: String, default fallback: Color) -> Color {
        let value = color(key)
        declare(key, default: Self.quoted(fallback == .clear ? "transparent" : fallback.description))
        return value ?? fallback
    }

    static func parseColor(_ text: String) -> Color? {
        text == "transparent" ? .clear : Color(hex: text)
    }

    // MARK: Arrays

    func array(_ key: String, expected: String) -> [TOMLNode]? {
        declare(key, type: expected)
        guard let node = node(key) else { return nil }
        guard case .array(let elements) = node else {
            typeError(key, expected: expected, found: node)
            return nil
        }
        return elements
    }

    func strings(_ key: String) -> [String]? {
        guard let elements = array(key, expected: "an array of strings") else { return nil }
        var strings: [String] = []
        for (index, element) in elements.enumerated() {
            guard case .string(let text) = element else {
                elementError(key, index, "expected a string, found \(element.typeDescription)")
                return nil
            }
            strings.append(text)
        }
        return strings
    }

    func colors(_ key: String) -> [Color]? {
        guard let elements = array(key, expected: "an array of colours") else { return nil }
        var colors: [Color] = []
        var valid = true
        for (index, element) in elements.enumerated() {
            if case .string(let text) = element, let color = Self.parseColor(text) {
                colors.append(color)
            } else {
                elementError(key, index, "expected \(Self.colorExpectation), found \(element.literal)")
                valid = false
            }
        }
        return valid ? colors : nil
    }

    func numbers(_ key: String, count: Int) -> [Double]? {
        guard let elements = array(key, expected: "an array of \(count) numbers") else { return nil }
        guard elements.count == count else {
            valueError(key, "expected \(count) numbers, found \(elements.count)")
            return nil
        }
        var numbers: [Double] = []
        for (index, element) in elements.enumerated() {
            switch element {
            case .float(let value): numbers.append(value)
            case .integer(let value): numbers.append(Double(value))
            default:
                elementError(key, index, "expected a number, found \(element.typeDescription)")
                return nil
            }
        }
        return numbers
    }

    private func elementError(_ key: String, _ index: Int, _ message: String) {
        let elementPath = path.appending(key).appending(index: index)
        diagnostics.valueError("\(path.appending(key)) element \(index + 1): \(message)", at: elementPath)
    }

    // MARK: Tables

    /// A sub-table such as `[display]`; an absent one reads as empty, so every default applies.
    func table(_ key: String) -> TableReader {
        let childPath = path.appending(key)
        declare(key, type: "a table", isTable: true)
        switch node(key) {
        case .table(let entries)?:
            return TableReader(path: childPath, entries: entries, diagnostics: diagnostics, folder: folder, schema: schema)
        case let other?:
            typeError(key, expected: "a table [\(childPath)]", found: other)
            fallthrough
        case nil:
            return TableReader(path: childPath, entries: [], diagnostics: diagnostics, folder: folder, schema: schema)
        }
    }

    /// An array of tables such as `[[screen]]` (or an inline array of inline tables).
    func tables(_ key: String) -> [TableReader] {
        let childPath = path.appending(key)
        declare(key, type: "an array of tables", isTable: true)
        guard let node = node(key) else {
            // While the schema is recorded, an absent array of tables reads as one empty table, so
            // its keys are listed without a document naming it.
            guard schema != nil else { return [] }
            return [TableReader(path: childPath.appending(index: 0), entries: [], diagnostics: diagnostics, folder: folder, schema: schema)]
        }
        guard case .array(let elements) = node else {
            typeError(key, expected: "tables [[\(childPath)]]", found: node)
            return []
        }
        return elements.enumerated().compactMap { index, element in
            guard case .table(let entries) = element else {
                elementError(key, index, "expected a table, found \(element.typeDescription)")
                return nil
            }
            return TableReader(path: childPath.appending(index: index), entries: entries, diagnostics: diagnostics, folder: folder, schema: schema)
        }
    }

    /// Reports every key this table holds that no accessor asked for, and hands the keys asked for
    /// to the schema when one is recorded.
    /// - Parameter variant: the kind of table, when the valid keys depend on it ("a text element").
    func finishReading(variant: String? = nil) {
        schema?.record(path: path, variant: variant, keys: keys)
        let knownKeys = keys.map(\.name)
        for (key, _) in entries where !knownKeys.contains(key) {
            let place = variant.map { "\($0) (\(tableName))" } ?? tableName
            var message = "unknown key '\(MessageText.shortened(key))' in \(place)"
            if !path.components.isEmpty && Self.topLevelKeys.contains(key) {
                message += "; '\(key)' is a top-level key: move it above the first [table]"
            } else if let suggestion = KeySuggester.suggestion(for: key, among: knownKeys) {
                message += "; did you mean '\(suggestion)'?"
            } else if !knownKeys.isEmpty {
                message += "; valid keys: \(knownKeys.joined(separator: ", "))"
            }
            diagnostics.keyError(message, at: path.appending(key))
        }
    }

    // MARK: Message helpers

    /// TOML puts a key written after a `[table]` header into that table; these belong at the top.
    static let topLevelKeys = ["home"]

    static func hint(for text: String, among choices: [String]) -> String {
        KeySuggester.suggestion(for: text, among: choices).map { "; did you mean \"\($0)\"?" } ?? ""
    }

    static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " or " + items[items.count - 1]
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
