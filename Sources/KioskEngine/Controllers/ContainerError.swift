/// Why the container refused a set of screens.
public enum ContainerError: Error, Hashable, Sendable, CustomStringConvertible {
    case noScreens
    case homeOutOfRange(home: Int, screenCount: Int)
    case transitionInFlight

    public var description: String {
        switch self {
        case .noScreens:
            return "no screens given; configure at least one screen"
        case let .homeOutOfRange(home, count):
            return "home screen \(home) does not exist; choose an index from 0 to \(count - 1)"
        case .transitionInFlight:
            return "screens cannot change while a transition runs; wait for it to end"
        }
    }
}
