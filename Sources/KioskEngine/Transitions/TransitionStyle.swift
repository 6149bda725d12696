/// How one screen gives way to the next, by the name the config file uses (`[transition] style`).
public enum TransitionStyle: String, CaseIterable, Hashable, Sendable {
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

    /// A fresh animation object of this style.
    public func makeAnimation() -> any TransitionAnimation {
        switch self {
        case .overlap: return OverlapAnimation()
        case .slide: return SlideAnimation()
        case .fade: return FadeAnimation()
        case .flip: return FlipAnimation()
        case .cube: return CubeAnimation()
        case .zoom: return ZoomAnimation()
        case .panel: return PanelAnimation()
        }
    }

    /// The pan direction that drives this style: a panel is dragged up and down, the rest sideways.
    public var axis: PanAxis { self == .panel ? .vertical : .horizontal }
}
