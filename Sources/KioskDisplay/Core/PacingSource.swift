/// Where a display's ticks come from.
public enum PacingSource: Equatable, Sendable {
    /// The kernel's page-flip completion events, timed by the hardware vblank.
    case pageFlip
    /// A timer at the mode's refresh rate, for drivers whose flips complete at once (no real vblank).
    case timer
}
