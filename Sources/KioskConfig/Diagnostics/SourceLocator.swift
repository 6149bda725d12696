/// Maps table paths and keys to where they are written in the TOML text.
///
/// The parser's values carry no positions, so this small scanner walks a file that already
/// parsed and records, for every key and value, the position of the key and of the value's first
/// character. `[[array]]` tables are numbered as the parser numbers them, nested ones per parent.
struct SourceLocator: Sendable {
    private(set) var keyPositions: [ConfigPath: SourcePosition] = [:]
    private(set) var valuePositions: [ConfigPath: SourcePosition] = [:]

    init(text: String) {
        var scanner = SourceScanner(text: text)
        scanner.scanDocument()
        keyPositions = scanner.keyPositions
        valuePositions = scanner.valuePositions
    }

    /// Where the key of `path` is written, or its nearest written ancestor (a table header).
    func keyPosition(of path: ConfigPath) -> SourcePosition? {
        nearest(path) { keyPositions[$0] }
    }

    /// Where the value of `path` starts, or else where its key or nearest ancestor is.
    func valuePosition(of path: ConfigPath) -> SourcePosition? {
        nearest(path) { valuePositions[$0] ?? keyPositions[$0] }
    }

    private func nearest(_ path: ConfigPath, _ lookup: (ConfigPath) -> SourcePosition?) -> SourcePosition? {
        var candidate: ConfigPath? = path
        while let current = candidate {
            if let position = lookup(current) { return position }
            candidate = current.parent
        }
        return nil
    }
}
