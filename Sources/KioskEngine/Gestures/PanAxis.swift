/// The direction a pan is locked to once it passes the touch slop.
public enum PanAxis: String, Hashable, Sendable {
    case horizontal, vertical
}
