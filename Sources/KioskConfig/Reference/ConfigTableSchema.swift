/// The keys one kind of table accepts, as the checker read them.
public struct ConfigTableSchema: Hashable, Sendable {
    /// The table's dotted keys without indices, `screen.element`; empty for the top level.
    public let path: String
    /// Written `[[path]]`: an array of tables.
    public let isArray: Bool
    /// The kind of table when its keys depend on one of them ("a text element"), else nil.
    public let variant: String?
    public internal(set) var keys: [ConfigKey]

    /// How the table is written: `[display]`, `[[screen.element]]`, or "top level".
    public var header: String {
        path.isEmpty ? "top level" : isArray ? "[[\(path)]]" : "[\(path)]"
    }

    /// Adds keys not yet listed and what new readings say about listed ones, keeping the order.
    mutating func merge(_ others: [ConfigKey]) {
        for key in others {
            if let index = keys.firstIndex(where: { $0.name == key.name }) {
                keys[index].refine(type: key.type, defaultValue: key.defaultValue, range: key.range)
                keys[index].isTable = keys[index].isTable || key.isTable
            } else {
                keys.append(key)
            }
        }
    }
}
