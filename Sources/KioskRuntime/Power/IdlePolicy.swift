import KioskConfig

/// `[idle]`: what the daemon does after so long without a touch — go back to the home screen,
/// and blank the panel — decided from plain times so it can be tested without waiting.
public struct IdlePolicy: Equatable, Sendable {
    public enum Action: Equatable, Sendable {
        case returnHome
        case blank
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
    /// Seconds without a touch before blanking the panel; 0: never.
    public var blankAfter: Double

    public init(returnHomeAfter: Double, blankAfter: Double) {
        self.returnHomeAfter = returnHomeAfter
        self.blankAfter = blankAfter
    }

    public init(_ configuration: IdleConfiguration) {
        self.init(returnHomeAfter: configuration.returnHomeAfter, blankAfter: configuration.blankAfter)
    }

    /// When the next action falls due, or nil when none can.
    public func nextDeadline(lastActivity: Double, place: Place, blanked: Bool) -> Double? {
        var deadlines: [Double] = []
        if returnHomeAfter > 0 && place == .elsewhere { deadlines.append(lastActivity + returnHomeAfter) }
        if blankAfter > 0 && !blanked { deadlines.append(lastActivity + blankAfter) }
        return deadlines.min()
    }

    /// The actions due at `now`, in the order to take them.
    public func actionsDue(at now: Double, lastActivity: Double, place: Place, blanked: Bool) -> [Action] {
        var actions: [Action] = []
        if returnHomeAfter > 0, place == .elsewhere, now >= lastActivity + returnHomeAfter { actions.append(.returnHome) }
        if blankAfter > 0, !blanked, now >= lastActivity + blankAfter { actions.append(.blank) }
        return actions
    }
}
