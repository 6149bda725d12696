/// What a `[[display.output]]` shows: `screens = "main"` or its own deck `screens = ["menu", "prices"]`.
public enum OutputScreens: Hashable, Sendable {
    /// The touch deck (the `[[screen]]` list), following the first output's screen.
    case main
    /// These screens, in this order, changed by `ctl goto --output`, D-Bus, `cycle` or a touch device mapped to the output.
    case deck([String])
}
