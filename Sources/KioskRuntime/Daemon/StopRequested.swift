/// SIGTERM or SIGINT arrived while the daemon was starting or building a reloaded config's
/// screens: the work stops between two steps instead of holding the stop back until it ends.
public struct StopRequested: Error, CustomStringConvertible {
    public init() {}

    public var description: String { "a stop was asked" }
}
