/// Every table of the config file and the keys each accepts, as the checker reads them:
/// `swipe-kiosk.toml(5)` is printed from it. `walked()` runs the readers over documents holding
/// every kind of table, so a key a reader asks for is listed without being named anywhere else.
public final class ConfigSchema {
    /// In the order their readers finished; one per table path and variant.
    public private(set) var tables: [ConfigTableSchema] = []

    init() {}

    /// What one table's reader asked for, when it finished reading.
    func record(path: ConfigPath, variant: String?, keys: [ConfigKey]) {
        let pattern = path.description
        var isArray = false
        if case .index? = path.components.last { isArray = true }
        if let index = tables.firstIndex(where: { $0.path == pattern && $0.variant == variant }) {
            tables[index].merge(keys)
        } else {
            tables.append(ConfigTableSchema(path: pattern, isArray: isArray, variant: variant, keys: keys))
        }
    }

    /// The tables at `path`, one per variant.
    public func tables(at path: String) -> [ConfigTableSchema] {
        tables.filter { $0.path == path }
    }

    /// The schema of the whole file: the readers run over `walkDocuments`, whatever their errors.
    public static func walked() -> ConfigSchema {
        let schema = ConfigSchema()
        for document in walkDocuments {
            _ = ConfigurationLoader.parse(document, fileName: "walk.toml", folder: nil, schema: schema)
        }
        return schema
    }

    /// Tables whose keys depend on a key in them: an element of each type and a button of each
    /// action, on a screen and in a scroll's content, and a value of each source. Every other
    /// table is read anyway: an absent table reads as empty, and while a schema is recorded an
    /// absent array of tables reads as one empty table.
    static var walkDocuments: [String] {
        let values = ValueSourceKind.allCases.map { "[[value]]\nsource = \"\($0.rawValue)\"\n" }
        func elements(_ table: String) -> String {
            (ElementType.allCases.map { "[[\(table)]]\ntype = \"\($0.rawValue)\"\n" }
             + ButtonActionKind.allCases.map { "[[\(table)]]\ntype = \"button\"\naction = \"\($0.rawValue)\"\n" }).joined()
        }
        let scroll = "[[screen.element]]\ntype = \"scroll\"\n" + elements("screen.element.content")
        return [values.joined() + "[[screen]]\n" + elements("screen.element") + scroll]
    }
}
