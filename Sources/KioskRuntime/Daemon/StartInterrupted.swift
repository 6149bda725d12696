/// SIGTERM or SIGINT arrived while the daemon was starting: it stops before opening more.
public struct StartInterrupted: Error, CustomStringConvertible {
    public init() {}

    public var description: String { "a stop was asked during start-up" }
}
