/// How one screen gives way to the next.
public enum TransitionStyle: String, CaseIterable, Sendable {
    /// The incoming screen slides over the outgoing one, which moves less (parallax).
    case overlap
    /// Both screens move by the full width.
    case slide
    case fade
    /// A 3D flip around the vertical axis.
    case flip
    /// Both screens are faces of a rotating cube.
    case cube
    /// The incoming screen grows from the centre.
    case zoom
    /// The incoming screen is presented as a panel over the bottom half, dimming the rest.
    case panel
}
