/// One key of the config file as the checker reads it: its name, what it accepts (type, range) and
/// what an absent key stands for (default). `TableReader`'s accessors declare these as they ask
/// for keys, from the same arguments they check values with, so the unknown-key check and
/// `swipe-kiosk.toml(5)` read one list.
public struct ConfigKey: Hashable, Sendable {
    public let name: String
    /// What the value must be, in the words a type error uses: "an integer", "one of "a" or "b"".
    public internal(set) var type: String?
    /// The value an absent key stands for, as it would be written; nil when absence means "unset".
    public internal(set) var defaultValue: String?
    /// The numbers allowed, such as "1...240".
    public internal(set) var range: String?
    /// A sub-table `[name]` or an array of tables `[[name]]` rather than a value.
    public internal(set) var isTable = false

    init(name: String) {
        self.name = name
    }

    /// Takes what an accessor says about the key; the outermost accessor speaks last, so its words win.
    mutating func refine(type: String?, defaultValue: String?, range: String?) {
        if let type { self.type = type }
        if let defaultValue { self.defaultValue = defaultValue }
        if let range { self.range = range }
    }
}
