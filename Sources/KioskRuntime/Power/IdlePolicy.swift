import KioskConfig

/// `[idle]`: when the daemon goes back to the home screen after so long without a touch, decided
/// from plain times so it can be tested without waiting. (Dimming and darkening are `PowerPolicy`'s.)
public struct IdlePolicy: Equatable, Sendable {
    public enum Action: Equatable, Sendable {
        case returnHome
    }

    /// Where the picture stands, as far as going home is concerned.
    public enum Place: Equatable, Sendable {
        /// The home screen is on top: nothing to go home from.
        case home
        /// Another screen is on top and nothing moves: going home is due after the idle time.
        case elsewhere
        /// A transition runs: it is not interrupted, and its end decides again.
        case transitioning
    }

    /// Seconds without a touch before returning home; 0: never.
    public var returnHomeAfter: Double

    public init(returnHomeAfter: Double) {
        self.returnHomeAfter = returnHomeAfter
    }

    public init(_ configuration: IdleConfiguration) {
        self.init(returnHomeAfter: configuration.returnHomeAfter)
    }

    /// When the next action falls due, or nil when none can.
    public func nextDeadline(lastActivity: Double, place: Place) -> Double? {
        returnHomeAfter > 0 && place == .elsewhere ? lastActivity + returnHomeAfter : nil
    }

    /// The actions due at `now`, in the order to take them.
    public func actionsDue(at now: Double, lastActivity: Double, place: Place) -> [Action] {
        returnHomeAfter > 0 && place == .elsewhere && now >= lastActivity + returnHomeAfter ? [.returnHome] : []
    }
}
