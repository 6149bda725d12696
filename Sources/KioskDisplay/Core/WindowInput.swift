import KioskEngine

/// What the person at a desktop window did, in the engine's terms.
public enum WindowInput: Equatable, Sendable {
    /// Touches from the mouse (a one-finger touchscreen) or a touchscreen on the desktop, in scene pixels.
    case touches([TouchEvent])
    /// The left arrow key.
    case previousScreen
    /// The right arrow key.
    case nextScreen
    /// The window was closed.
    case closed
}
