/// Where a swipe must start to drive a transition (`[transition] swipe-area`).
public enum SwipeArea: String, CaseIterable, Hashable, Sendable {
    /// Anywhere on the screen.
    case anywhere
    /// Within the edge width of the edge the swipe moves away from: the right edge to go to the
    /// next screen, the left edge to go back (the bottom edge to raise a panel).
    case edge
}
