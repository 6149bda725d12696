/// The top or bottom edge of the screen, where the indicator or tab bar sits.
public enum VerticalEdge: String, CaseIterable, Sendable {
    case top
    case bottom
}
