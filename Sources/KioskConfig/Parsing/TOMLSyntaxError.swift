/// A TOML syntax or structure error: where it is and what to do about it, in a kiosk owner's words.
struct TOMLSyntaxError: Error, Equatable, Sendable {
    var position: SourcePosition
    var message: String
    /// A bound of `ConfigBounds` (nesting) rather than TOML's grammar: its message stands alone.
    var isBound = false
}
