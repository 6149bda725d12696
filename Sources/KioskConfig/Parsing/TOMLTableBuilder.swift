/// One table while a document is parsed: its keys in order, where each was written, and whether
/// the table itself is defined (by a `[header]`, or by dotted keys of a section that has ended),
/// which TOML allows only once. Reference semantics so a deep path is extended in place, in
/// constant time per key, whatever the size of the tables around it.
final class TOMLTableBuilder {
    /// What a key holds: a finished value (inline tables and arrays are never extended), a table
    /// still open to headers and dotted keys, or the tables of `[[name]]` headers.
    enum Slot {
        case value(TOMLNode)
        case table(TOMLTableBuilder)
        case tables(TOMLTableArray)
    }

    private(set) var keys: [String] = []
    private var slots: [String: Slot] = [:]
    private var positions: [String: SourcePosition] = [:]
    /// Where the table was defined, once it is.
    var definedAt: SourcePosition?

    subscript(key: String) -> Slot? { slots[key] }

    /// Where `key` was first written in this table.
    func position(of key: String) -> SourcePosition? { positions[key] }

    func add(_ key: String, _ slot: Slot, at position: SourcePosition) {
        if slots.updateValue(slot, forKey: key) == nil {
            keys.append(key)
            positions[key] = position
        }
    }

    /// The finished table. Recursion follows the document's nesting, which the parser bounds.
    var node: TOMLNode {
        .table(keys.compactMap { key in
            switch slots[key] {
            case .value(let value)?: (key, value)
            case .table(let table)?: (key, table.node)
            case .tables(let array)?: (key, .array(array.tables.map(\.node)))
            case nil: nil
            }
        })
    }
}

/// The tables of one `[[name]]`, in order; a class so appending one never copies the others.
final class TOMLTableArray {
    var tables: [TOMLTableBuilder] = []
}
