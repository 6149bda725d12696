/// The weight text is drawn in.
public enum FontWeight: String, CaseIterable, Sendable {
    case regular
    case bold
}
