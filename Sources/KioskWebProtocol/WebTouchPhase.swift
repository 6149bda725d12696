/// The phase of a `touch` message (its wire values are the contract's).
public enum WebTouchPhase: UInt8, Sendable, CaseIterable {
    case down = 0
    case motion = 1
    case up = 2
    case cancel = 3
}
