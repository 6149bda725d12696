/// When to blank the panel: after `timeout` seconds without touch, and back on at the next touch.
///
/// Plain bookkeeping for the daemon, which owns the loop and calls `Display.setPowerSaving`.
public struct IdleBlankTimer: Sendable, Equatable {
    public let timeout: Double
    public private(set) var lastActivity: Double
    public private(set) var isBlanked = false

    public init(timeout: Double, now: Double) {
        self.timeout = timeout
        lastActivity = now
    }

    /// When the panel should go dark if nothing happens; nil while already dark.
    public var deadline: Double? { isBlanked ? nil : lastActivity + timeout }

    /// Records a touch; true when the panel was dark and must be powered up now.
    public mutating func touch(at time: Double) -> Bool {
        lastActivity = max(lastActivity, time)
        defer { isBlanked = false }
        return isBlanked
    }

    /// True once, when the timeout has passed and the panel should be powered down now.
    public mutating func shouldBlank(at time: Double) -> Bool {
        guard !isBlanked, time >= lastActivity + timeout else { return false }
        isBlanked = true
        return true
    }
}
