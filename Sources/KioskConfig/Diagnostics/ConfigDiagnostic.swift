/// One problem found in a configuration file, printed as `FILE:LINE:COLUMN: message`.
public struct ConfigDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// The file name as given to the loader (a path, or a label such as `<demo>`).
    public var file: String
    /// Where the problem is; nil when the whole file is at fault (it cannot be read).
    public var position: SourcePosition?
    public var message: String

    public init(file: String, position: SourcePosition?, message: String) {
        self.file = file
        self.position = position
        self.message = message
    }

    public var description: String {
        guard let position else { return "\(file): \(message)" }
        return "\(file):\(position.line):\(position.column): \(message)"
    }
}
