/// Where a swipe may start a transition.
public enum SwipeArea: String, CaseIterable, Sendable {
    case anywhere
    /// Only within `edge-width` pixels of the left or right edge.
    case edge
}
