/// `[[value]]`: a named text the screens show through `{name}` placeholders.
public struct ValueConfiguration: Hashable, Sendable {
    /// Unique; letters, digits, `_` and `-`.
    public var name: String
    public var source: ValueSource = .dbus
    /// Shown until the source gives a value.
    public var initial = ""

    public init(name: String, source: ValueSource = .dbus, initial: String = "") {
        self.name = name
        self.source = source
        self.initial = initial
    }

    /// True for a name a placeholder can hold: `[A-Za-z0-9_-]+`.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-")
        }
    }

    init(reading table: TableReader) {
        name = table.nonEmptyString("name") ?? ""
        if !table.contains("name") {
            table.diagnostics.keyError("\(table.tableName) needs a 'name'", at: table.path)
        } else if !name.isEmpty && !Self.isValidName(name) {
            table.valueError("name", "\"\(name)\" may hold only letters, digits, '_' and '-'")
        }
        initial = table.string("initial", default: initial)
        switch table.choice("source", default: ValueSourceKind.dbus) {
        case .dbus:
            source = .dbus
        case .clock:
            source = .clock(format: table.nonEmptyString("format", default: "%H:%M"))
        case .file:
            let path = table.filePath("path") ?? ""
            if !table.contains("path") {
                table.diagnostics.keyError("\(table.tableName) with source \"file\" needs 'path'", at: table.path)
            }
            source = .file(path: path, maxLength: table.integer("max-length", default: 256, in: 1...ValueTextLimit.bytes))
        case .command:
            source = .command(CommandSpec(reading: table, readsInterval: true))
        case .mqtt:
            source = .mqtt(MqttValueSpec(reading: table))
        }
        table.finishReading(variant: "a \(source.kind.rawValue) value")
    }
}
