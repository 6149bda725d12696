/// How lit the panel is.
public enum ScreenPower: String, Equatable, Sendable {
    /// At `[power] brightness`.
    case awake
    /// At `[power] dim-brightness`, after `dim-after` without a touch.
    case dimmed
    /// Off (`[power] blank-method`): nothing is composed, the camera is stopped.
    case dark
}
