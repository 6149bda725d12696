/// The `type` of a `[[screen.element]]`.
public enum ElementType: String, CaseIterable, Sendable {
    case color
    case gradient
    case image
    case text
    case card
    case scroll
    case button
    case video
    case web
}
