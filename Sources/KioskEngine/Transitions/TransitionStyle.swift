/// The animation between two screens, by the name the config file uses.
public enum TransitionStyle: String, CaseIterable, Hashable, Sendable {
    case overlap, slide, fade, flip, cube, zoom, panel

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
